import { useQuery } from '@tanstack/react-query';
import { AccountDocument, type AccountQuery } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { pollWhileSyncing } from './syncing';

export type AccountDetail = NonNullable<AccountQuery['account']>;

/** One account (exchange or custom wallet) by id; null when it isn't the user's. Refreshed every 5 s while syncing. */
export function useAccount(id: string) {
  return useQuery({
    queryKey: queryKeys.account(id),
    queryFn: () => request(AccountDocument, { id }),
    ...pollWhileSyncing<AccountQuery>((data) => (data?.account ? [data.account] : undefined)),
  });
}
