import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import WalletsRoute from './wallets';

function account(id: string, kind: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    kind,
    name,
    slug: kind === 1 ? 'kraken' : 'csv file import',
    imageUrl: '',
    address: null,
    value: '1500.25',
    assetsCount: 2,
    computedTransactionCount: 83,
    computedCryptoTransactionCount: 80,
    numManualEdits: 0,
    errors: [],
    balances: [
      { balance: '0.5', value: '1000', currency: { symbol: 'BTC', name: 'Bitcoin', type: 'CRYPTO_CURRENCY', uaid: 'crypto_btc', priceUsd: '2000' } },
      { balance: '2', value: '500.25', currency: { symbol: 'ETH', name: 'Ethereum', type: 'CRYPTO_CURRENCY', uaid: 'crypto_eth', priceUsd: '250' } },
    ],
    syncInfo: { isSyncing: false, willBeDeleted: false, isDisabled: false, lastSynced: null },
    integrationName: kind === 1 ? 'Kraken' : 'Cairn CSV',
    isMining: false,
    ...overrides,
  };
}

const KRAKEN_INTEGRATION = {
  slug: 'kraken',
  name: 'Kraken',
  rank: 30,
  category: 'Exchange',
  syncMethod: 'Automatic sync and custom file',
  formId: 'ApiKey',
  imageUrl: '/icons/kraken.svg',
  isDisabled: false,
  supportsHdWallet: false,
  instructions: '',
  websiteUrl: null,
  info: { symbol: null, cryptoNetwork: null, isEvmChain: false, supportedCryptoNetworks: [], isInstitutional: false, supportedFileFormats: ['.csv'] },
};

const me = userInfoAnswer({ stats: { numberOfExchanges: 0, numberOfLocalWallets: 0, numberOfCustomWallets: 1 } });

function pageOf(items: unknown[]) {
  return { items, total: items.length, page: 1, limit: 50 };
}

function renderWallets(route = '/wallets') {
  return renderWithProviders(
    <Routes>
      <Route path="/wallets/:walletType?/:walletId?" element={<WalletsRoute />} />
    </Routes>,
    { route },
  );
}

describe('Wallets page', () => {
  fakeTimersAndFreshToasts();

  it('lists exchanges with their balances, transaction counts and syncing state, linking to their page', async () => {
    const recent = new Date(Date.now() - 2_000).toISOString();
    mockFetch({
      userInfo: () => me,
      blockchainWallets: () => ({ wallets: pageOf([]) }),
      customWallets: () => ({ customWallets: pageOf([account('7', 3, 'Cold storage')]) }),
      exchanges: () => ({
        exchanges: pageOf([
          account('41', 1, 'My Kraken', { syncInfo: { isSyncing: false, willBeDeleted: false, isDisabled: false, lastSynced: recent } }),
          account('42', 1, 'Old Kraken', { computedTransactionCount: 1 }),
        ]),
      }),
    });
    renderWallets();
    const rows = await screen.findAllByTestId('exchange-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'My Kraken' })).toHaveAttribute('href', '/accounts/41');
    expect(rows[0]).toHaveTextContent('Kraken · 83 transactions');
    expect(within(rows[0]).getByTestId('exchange-balances')).toHaveTextContent('0.5 BTC · 2 ETH');
    expect(within(rows[0]).getByTestId('exchange-syncing')).toHaveTextContent('Syncing...');
    expect(rows[0]).toHaveAttribute('data-syncing', 'true');
    expect(rows[1]).toHaveTextContent('1 transaction');
    expect(within(rows[1]).queryByTestId('exchange-syncing')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Exchanges/ })).toHaveTextContent('Exchanges 2');
    expect(screen.getByTestId('custom-wallet-row')).toHaveTextContent('Cold storage');
  });

  it('offers Import file on a selected custom wallet', async () => {
    mockFetch({
      userInfo: () => me,
      blockchainWallets: () => ({ wallets: pageOf([]) }),
      customWallets: () => ({ customWallets: pageOf([account('7', 3, 'Cold storage')]) }),
      exchanges: () => ({ exchanges: pageOf([]) }),
      transactions: () => ({ transactions: pageOf([]) }),
    });
    renderWallets('/wallets/custom/7');
    const link = await screen.findByTestId('custom-wallet-import');
    expect(link).toHaveAttribute('href', '/custom_wallets/7/import');
    expect(screen.queryByTestId('exchanges-section')).not.toBeInTheDocument();
    expect(await screen.findByTestId('needs-review')).toBeInTheDocument();
  });

  it("adds an exchange from its Custom file tab: the modal closes and it appears under Exchanges", async () => {
    const exchanges: unknown[] = [];
    const justSynced = { isSyncing: false, willBeDeleted: false, isDisabled: false, lastSynced: new Date().toISOString() };
    const created = account('43', 1, 'Kraken', { syncInfo: justSynced });
    const fetchMock = mockFetch(
      {
        userInfo: () => me,
        appInfo: () => ({ appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 10_000_000 } }),
        integrations: () => ({ integrations: [KRAKEN_INTEGRATION] }),
        blockchainWallets: () => ({ wallets: pageOf([]) }),
        customWallets: () => ({ customWallets: pageOf([]) }),
        exchanges: () => ({ exchanges: pageOf(exchanges) }),
        presignFileUpload: () => ({
          presignFileUpload: { success: true, error: null, result: { postUrl: 'http://storage.test/u', fileUrl: 's3://f', uploadInfoFields: [] } },
        }),
        csvValidation: () => ({
          csvValidation: { jobId: null, isStatusFinal: true, csvValidationErrors: [], format: 'kraken-ledgers', numberTotal: 83, numberIgnored: 0 },
        }),
        createCustomWallet: () => ({ createCustomWallet: { success: true, jobId: 'csv-import/1', error: null } }),
        csvImportJobStatus: () => {
          exchanges.push(created);
          return {
            csvImportJobStatus: {
              jobId: 'csv-import/1',
              status: 'FINISHED',
              isStatusFinal: true,
              success: true,
              errorMessage: null,
              numberImported: 83,
              numberTotal: 83,
              numberIgnored: 0,
              numberSkipped: 0,
              numberUserDefinedTokens: 0,
              numberForReview: 0,
              numberHeldFrozen: 0,
              progress: 100,
              createdCustomWallet: created,
            },
          };
        },
      },
      () => new Response(null, { status: 204 }),
    );
    renderWallets('/wallets?add_integration=kraken_exchange&csv=true');
    const modal = await screen.findByTestId('add-wallets-modal');
    expect(await within(modal).findByRole('tab', { name: 'Custom file' })).toBeInTheDocument();
    expect(within(modal).getByTestId('csv-wallet-name')).toHaveValue('Kraken');

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(within(modal).getByTestId('csv-file-input'), new File(['txid\n'], 'ledgers.csv', { type: 'text/csv' }));
    await within(modal).findByText('File has been validated');
    await user.click(within(modal).getByTestId('csv-import-button'));
    await act(() => vi.advanceTimersByTimeAsync(1_100));

    await waitFor(() => expect(screen.queryByTestId('add-wallets-modal')).not.toBeInTheDocument());
    const row = await screen.findByTestId('exchange-row');
    expect(row).toHaveTextContent('Kraken');
    expect(row).toHaveAttribute('data-syncing', 'true');
    const create = fetchMock.calls.find((call) => call.operationName === 'createCustomWallet');
    expect(create?.variables).toEqual({ customWalletInput: { walletName: 'Kraken', csvUrl: 's3://f', accountTypeSlug: 'kraken' } });
  });

  it('lists blockchain wallets with their balances (ETH2 as Staked ETH) and resyncs everything', async () => {
    const fetchMock = mockFetch({
      userInfo: () => me,
      blockchainWallets: () => ({
        wallets: pageOf([
          account('9', 2, 'Staking', {
            slug: 'ethereum',
            integrationName: 'Ethereum',
            address: '0x1111111111111111111111111111111111abcdef',
            balances: [{ balance: '32', value: '64000', currency: { symbol: 'ETH2', name: 'Ethereum 2', type: 'CRYPTO_CURRENCY', uaid: 'crypto_eth2', priceUsd: '2000' } }],
            isBalanceDifferenceSignificant: true,
            reportedBalances: [{ balance: '33', calculatedBalance: '32', isBalanceDifferenceSignificant: true, currency: { symbol: 'ETH2', uaid: 'crypto_eth2' } }],
          }),
        ]),
      }),
      customWallets: () => ({ customWallets: pageOf([]) }),
      exchanges: () => ({ exchanges: pageOf([]) }),
      resyncAll: () => ({ resyncAll: { success: true, error: null, errorMessage: null } }),
    });
    renderWallets();
    const row = await screen.findByTestId('blockchain-wallet-row');
    expect(row).toHaveTextContent('Ethereum · 0x111…bcdef · 83 transactions');
    expect(within(row).getByTestId('blockchain-wallet-balances')).toHaveTextContent('Staked ETH');
    expect(within(row).getByTestId('blockchain-wallet-balances')).toHaveTextContent('32 Staked ETH');
    expect(within(row).getByTestId('reported-balance-row')).toHaveTextContent('33 Staked ETH32 Staked ETHDiffers');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByTestId('resync-all'));
    expect(await screen.findByText('Syncing all your exchanges and wallets.')).toBeInTheDocument();
    expect(fetchMock.operations()).toContain('resyncAll');
  });
});
