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
  exchanges: ['accounts', 'exchanges'] as const,
};
