import type { QueryClient } from '@tanstack/react-query';
import type { CustomWalletsQuery, ExchangesQuery } from '@/gql/graphql';
import { ACCOUNT_KIND } from '@/lib/accounts/syncing';
import { queryKeys } from '@/lib/queryKeys';
import type { ImportedWallet } from '@/lib/upload/jobs';

interface Page<T> {
  items: T[];
  total: number;
}

/** Puts a just-imported account first on page 1 of its list. */
function withImported<T extends { id: string }>(page: Page<T>, account: T): Page<T> {
  const known = page.items.some((item) => item.id === account.id);
  return {
    ...page,
    items: [account, ...page.items.filter((item) => item.id !== account.id)],
    total: known ? page.total : page.total + 1,
  };
}

/**
 * Shows a just-imported account at once, marked as recently synced (so: syncing): an Exchange
 * integration's file makes an exchange account (under Exchanges), any other file a custom wallet.
 */
export function showImportedAccount(queryClient: QueryClient, account: ImportedWallet): 'exchange' | 'customWallet' {
  const syncing = { ...account, syncInfo: { ...account.syncInfo, lastSynced: new Date().toISOString() } };
  if (account.kind === ACCOUNT_KIND.EXCHANGE) {
    queryClient.setQueryData<ExchangesQuery>(queryKeys.exchanges(1), (old) =>
      old ? { ...old, exchanges: { ...old.exchanges, ...withImported(old.exchanges, syncing) } } : old,
    );
    return 'exchange';
  }
  queryClient.setQueryData<CustomWalletsQuery>(queryKeys.customWallets(1), (old) =>
    old ? { ...old, customWallets: { ...old.customWallets, ...withImported(old.customWallets, syncing) } } : old,
  );
  return 'customWallet';
}
