import { useQuery } from '@tanstack/react-query';
import { SyncingAccountsDocument, type SyncingAccountsQuery } from '@/gql/graphql';
import { anyAccountSyncing, pollWhileSyncing } from '@/lib/accounts/syncing';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** Accounts per list read for the Syncing rule (the first page, as the lists show it). */
const LIMIT = 50;

function accountsOf(data: SyncingAccountsQuery | undefined) {
  return data ? [...data.wallets.items, ...data.exchanges.items] : undefined;
}

/** Whether any exchange or blockchain wallet is syncing (the status indicator's Syncing rule). */
export function useSyncingAccounts() {
  const query = useQuery({
    queryKey: queryKeys.syncingAccounts,
    queryFn: () => request(SyncingAccountsDocument, { limit: LIMIT }),
    ...pollWhileSyncing(accountsOf),
  });
  return { loading: query.isPending, syncing: anyAccountSyncing(accountsOf(query.data)) };
}
