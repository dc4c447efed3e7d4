import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountAnswer, userInfoAnswer } from '@/test/answers';
import { mockFetch, renderWithProviders } from '@/test/utils';
import ExchangeRoute from './exchange';

function exchange(overrides: Record<string, unknown> = {}) {
  return accountAnswer({
    imageUrl: '',
    value: '250',
    balances: [{ balance: '250', value: '250', currency: { symbol: 'USDT', name: 'Tether', type: 'CRYPTO_CURRENCY', uaid: 'crypto_usdt', priceUsd: '1' } }],
    syncInfo: { isSyncing: true, willBeDeleted: false, isDisabled: false, lastSynced: null },
    ...overrides,
  });
}

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/accounts/:exchangeId" element={<ExchangeRoute />} />
    </Routes>,
    { route: path },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Exchange page', () => {
  it('shows the name, integration, balances, transaction count, syncing state and Import file', async () => {
    const fetchMock = mockFetch({
      userInfo: () => userInfoAnswer(),
      account: () => ({ account: exchange() }),
      transactions: () => ({ transactions: { items: [], total: 0, page: 1, limit: 50 } }),
    });
    renderAt('/accounts/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Kraken' })).toBeInTheDocument();
    expect(screen.getByTestId('exchange-page-integration')).toHaveTextContent('Kraken exchange');
    expect(screen.getByTestId('exchange-page-tx-count')).toHaveTextContent('83');
    expect(screen.getByTestId('exchange-page-syncing')).toHaveTextContent('Syncing...');
    expect(within(screen.getByTestId('exchange-balances-table')).getByText('USDT')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Import file' })).toHaveAttribute('href', '/accounts/41/import');
    expect(await screen.findByTestId('needs-review')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'account')?.variables).toEqual({ id: '41' });
  });

  it('hides Import file while viewing as a user', async () => {
    mockFetch({
      userInfo: () => userInfoAnswer({ viewAsUserId: 'client-7' }),
      account: () => ({ account: exchange() }),
      transactions: () => ({ transactions: { items: [], total: 0, page: 1, limit: 50 } }),
    });
    renderAt('/accounts/41');
    await screen.findByRole('heading', { level: 1, name: 'My Kraken' });
    await screen.findByTestId('needs-review');
    expect(screen.queryByRole('link', { name: 'Import file' })).not.toBeInTheDocument();
  });

  it('answers Account not found for a custom wallet id or an unknown id', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), account: (vars) => ({ account: vars.id === '7' ? exchange({ kind: 3 }) : null }) });
    renderAt('/accounts/7');
    expect(await screen.findByText('Account not found')).toBeInTheDocument();
  });
});
