/** TanStack Query keys, in one place so features can refresh each other's data. */
export const queryKeys = {
  me: ['me'] as const,
  appInfo: ['appInfo'] as const,
  sidebarInfo: ['sidebarInfo'] as const,
  /** The spam center's list; a verdict on an asset refreshes it with the sidebar's dot. */
  spamAssets: ['spamAssets'] as const,
  /** The custom currencies page: the user's own tokens by search and page. */
  userAssets: ['userAssets'] as const,
  userAssetsPage: (search: string, page: number) => ['userAssets', search, page] as const,
  costBasisStatus: ['costBasisStatus'] as const,
  /** A tax year's freezing status (polled while it is being frozen or unfrozen). */
  freezingStatus: (taxYear: number) => ['freezing', taxYear] as const,
  integrations: (search: string | null) => ['integrations', search] as const,
  /** The whole catalogue for the public site, from /public/graphql. */
  publicCatalogue: ['publicCatalogue'] as const,
  detectedCryptoNetworks: (address: string) => ['detectedCryptoNetworks', address] as const,
  accounts: ['accounts'] as const,
  customWallets: (page: number) => ['accounts', 'customWallets', page] as const,
  /** Exchanges and blockchain wallets, for the status indicator's Syncing rule. */
  syncingAccounts: ['accounts', 'syncing'] as const,
  exchanges: (page: number) => ['accounts', 'exchanges', page] as const,
  blockchainWallets: (page: number) => ['accounts', 'wallets', page] as const,
  account: (id: string) => ['accounts', 'account', id] as const,
  /** Everything built from transactions (review lists), refreshed after an import, link or unlink. */
  transactions: ['transactions'] as const,
  csvValidationJob: (jobId: string | null) => ['jobs', 'csvValidation', jobId] as const,
  csvImportJob: (jobId: string | null) => ['jobs', 'csvImport', jobId] as const,
  multiAddressJob: (jobId: string | null) => ['jobs', 'multiAddress', jobId] as const,
  taxReportJob: (jobId: string | null) => ['jobs', 'taxReport', jobId] as const,
  /** The reports made (the reports page), refreshed when a report's job ends. */
  taxReports: ['taxReports'] as const,
  reviewTransactions: (accountId: string | null, page: number) => ['transactions', 'review', accountId, page] as const,
  transactionsPage: (query: string, page: number, after: string | null) => ['transactions', 'page', query, page, after] as const,
  transactionCount: (query: string) => ['transactions', 'count', query] as const,
  transaction: (publicId: string) => ['transactions', 'one', publicId] as const,
  /** Set while an edit of transactions waits for the cost-basis run it asked for (see useCalculating). */
  awaitingRun: ['awaitingRun'] as const,
  transactionAssets: (search: string) => ['transactionAssets', search] as const,
  /** Everything a cost-basis run or a settings change alters: portfolio, tax year, lots. */
  results: ['results'] as const,
  userSettings: ['userSettings'] as const,
  portfolioSummary: ['results', 'portfolio', 'summary'] as const,
  performanceHistory: (duration: string) => ['results', 'portfolio', 'history', duration] as const,
  performance: (duration: string) => ['results', 'performance', duration] as const,
  taxLossHarvest: (planned: readonly unknown[]) => ['results', 'taxLossHarvest', planned] as const,
  taxYear: (year: number, taskStatus: string) => ['results', 'tax', year, taskStatus] as const,
  taxLots: (asset: string | null, page: number) => ['results', 'taxLots', asset, page] as const,
  disposedLots: (flowId: string | null, page: number) => ['results', 'disposedLots', flowId, page] as const,
  lotProof: (flowId: string, disposedLotId: string) => ['results', 'lotProof', flowId, disposedLotId] as const,
  /** The support console's runs (by filter) and one run's failure. */
  adminRuns: ['admin', 'runs'] as const,
  adminRunFailure: (workflowId: string, runId: string) => ['admin', 'failure', workflowId, runId] as const,
  /** The public price pages (spec 001 §2) and the signed-in user's watchlist. */
  coinPrices: (ranking: string, search: string, offset: number) => ['prices', 'ranking', ranking, search, offset] as const,
  coinPricePage: (slug: string) => ['prices', 'page', slug] as const,
  coinPriceChart: (slug: string, duration: string) => ['prices', 'chart', slug, duration] as const,
  liveCoinPrices: (symbols: readonly string[]) => ['prices', 'live', ...symbols] as const,
  watchlist: ['watchlist'] as const,
  walletLookupCoins: ['walletLookupCoins'] as const,
  /** The user's plan and transaction counts: under transactions, so an import or an edit refreshes the card. */
  unifiedSubscription: ['transactions', 'unifiedSubscription'] as const,
  subscriptionPlans: ['subscriptionPlans'] as const,
  /** The same table for the public pricing page, from /public/graphql. */
  pricingPlans: ['pricingPlans'] as const,
  credits: ['credits'] as const,
  checkoutStatus: (sessionId: string | null) => ['checkoutStatus', sessionId] as const,
};
