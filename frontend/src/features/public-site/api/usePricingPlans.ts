import { useQuery } from '@tanstack/react-query';
import { PricingPlansDocument } from '@/gql/graphql';
import { publicRequest } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** The plan table (vocabulary/plans.py) as /public/graphql serves it: no session needed. */
export function usePricingPlans() {
  return useQuery({
    queryKey: queryKeys.pricingPlans,
    queryFn: () => publicRequest(PricingPlansDocument, {}),
    staleTime: 60 * 60_000,
  });
}
