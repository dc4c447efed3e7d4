import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TaxLossHarvestDocument, type PlannedBuy } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** Open lots at a loss today with the country's warning, counting the buys the user plans; the last answer stays while the next loads. */
export function useTaxLossHarvest(planned: readonly PlannedBuy[]) {
  return useQuery({
    queryKey: queryKeys.taxLossHarvest(planned),
    queryFn: () => request(TaxLossHarvestDocument, { planned: [...planned] }),
    placeholderData: keepPreviousData,
  });
}
