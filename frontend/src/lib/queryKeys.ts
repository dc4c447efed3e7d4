/** TanStack Query keys, in one place so features can refresh each other's data. */
export const queryKeys = {
  me: ['me'] as const,
  appInfo: ['appInfo'] as const,
  costBasisStatus: ['costBasisStatus'] as const,
  integrations: (search: string | null) => ['integrations', search] as const,
  detectedCryptoNetworks: (address: string) => ['detectedCryptoNetworks', address] as const,
  accounts: ['accounts'] as const,
  customWallets: (page: number) => ['accounts', 'customWallets', page] as const,
  customWalletsAll: ['accounts', 'customWallets'] as const,
  wallets: ['accounts', 'wallets'] as const,
  exchanges: (page: number) => ['accounts', 'exchanges', page] as const,
  account: (id: string) => ['accounts', 'account', id] as const,
  /** Everything built from transactions (review lists), refreshed after an import, link or unlink. */
  transactions: ['transactions'] as const,
  reviewTransactions: (accountId: string | null, page: number) => ['transactions', 'review', accountId, page] as const,
};
