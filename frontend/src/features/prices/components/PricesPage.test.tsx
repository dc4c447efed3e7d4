import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { PricesPage } from './PricesPage';

function coin(symbol: string, name: string, rank: number, change24h: string | null) {
  return { symbol, name, slug: name.toLowerCase(), rank, day: '2025-02-11', price: '100.5', change24h, change7d: '0' };
}
const ranked = [coin('BTC', 'Bitcoin', 1, '2.5'), coin('ETH', 'Ethereum', 2, '-1.25'), coin('SOL', 'Solana', 5, null)];

describe('PricesPage', () => {
  afterEach(() => {
    document.cookie = 'is_auth=; path=/; max-age=0';
    vi.unstubAllGlobals();
  });

  it('ranks coins from the public path without stars when signed out', async () => {
    const fetchMock = mockFetch({ CoinPrices: () => ({ coinPrices: { total: 3, items: ranked } }) });
    renderWithProviders(<PricesPage view="gainers-and-losers" />);

    const rows = within(await screen.findByTestId('price-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1Bitcoin BTC$100.50+2.50%0.00%');
    expect(rows[2]).toHaveTextContent('-1.25%');
    expect(rows[3]).toHaveTextContent('—');
    expect(within(rows[1]).getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute('href', '/price/bitcoin');
    expect(screen.queryByRole('button', { name: /watchlist/ })).not.toBeInTheDocument();
    const call = fetchMock.calls.find((c) => c.operationName === 'CoinPrices');
    expect(call?.url).toBe('/public/graphql');
    expect(call?.variables).toMatchObject({ ranking: 'GAINERS_AND_LOSERS' });
  });

  it('asks a signed-out visitor to sign in for the watchlist', async () => {
    mockFetch({});
    renderWithProviders(<PricesPage view="watchlist" />);
    expect(screen.getByText('Sign in to keep a watchlist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fprices%2Fwatchlist');
  });

  it('stars coins for a signed-in visitor through the watchlist toggle', async () => {
    document.cookie = 'is_auth=true; path=/';
    const watched = new Set(['ETH']);
    const fetchMock = mockFetch({
      CoinPrices: () => ({ coinPrices: { total: 3, items: ranked } }),
      WatchlistPrices: () => ({ watchlistPrices: { total: watched.size, items: ranked.filter((c) => watched.has(c.symbol)) } }),
      ToggleWatchlist: (vars) => {
        const symbol = String(vars.symbol);
        if (watched.has(symbol)) watched.delete(symbol);
        else watched.add(symbol);
        return { toggleWatchlist: { success: true, watched: watched.has(symbol), error: null, errorMessage: null } };
      },
    });
    renderWithProviders(<PricesPage view="all" />);

    expect(await screen.findByRole('button', { name: 'Remove Ethereum from watchlist' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Add Bitcoin to watchlist' }));
    expect(await screen.findByRole('button', { name: 'Remove Bitcoin from watchlist' })).toHaveAttribute('aria-pressed', 'true');
    const toggle = fetchMock.calls.find((c) => c.operationName === 'ToggleWatchlist');
    expect(toggle?.url).toBe('/graphql');
    expect(toggle?.variables).toEqual({ symbol: 'BTC' });
  });
});
