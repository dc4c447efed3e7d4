/** GraphQL answers several page tests share; a test overrides what it looks at. */

/** The `userInfo` answer: a user with one exchange, not viewed on behalf of anyone. */
export function userInfoAnswer(overrides: Record<string, unknown> = {}) {
  return {
    me: {
      publicId: 'u1',
      email: 'a@example.com',
      isAdmin: false,
      baseCurrency: 'USD',
      viewAsUserId: null,
      debugPermission: false,
      registeredAsTaxPro: false,
      isCpa: false,
      isTaxProViewingClient: false,
      enableCbe: false,
      isBroker: false,
      stats: { numberOfExchanges: 1, numberOfLocalWallets: 0, numberOfCustomWallets: 0 },
      ...overrides,
    },
  };
}

/** An account as the `account` query answers it: the exchange My Kraken (41), no balances, not syncing. */
export function accountAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: '41',
    kind: 1,
    name: 'My Kraken',
    slug: 'kraken',
    imageUrl: '/icons/kraken.svg',
    address: null,
    value: '100',
    assetsCount: 1,
    computedTransactionCount: 83,
    computedCryptoTransactionCount: 80,
    numManualEdits: 0,
    errors: [],
    balances: [],
    syncInfo: { isSyncing: false, willBeDeleted: false, isDisabled: false, lastSynced: null },
    integrationName: 'Kraken',
    syncMethod: 'Custom file',
    isSyncedIntegration: false,
    allowedImportTypes: [7],
    ...overrides,
  };
}
