import { useQuery } from '@tanstack/react-query';
import { ExchangesDocument, type ExchangesQuery } from '@/gql/graphql';
import { pollWhileSyncing } from '@/lib/accounts/syncing';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { PAGE_SIZE } from './pageSize';

export type Exchange = ExchangesQuery['exchanges']['items'][number];

/** Exchanges; refreshed every 5 s while any of them is syncing, not otherwise. */
export function useExchanges(page: number) {
  return useQuery({
    queryKey: queryKeys.exchanges(page),
    queryFn: () => request(ExchangesDocument, { page, limit: PAGE_SIZE }),
    ...pollWhileSyncing<ExchangesQuery>((data) => data?.exchanges.items),
    placeholderData: (previous) => previous,
  });
}
