import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { PricesPage } from './PricesPage';

function coin(symbol: string, name: string, rank: number, change24h: string | null, marketCap: string | null = null, volume24h: string | null = null) {
  return { symbol, name, slug: name.toLowerCase(), rank, day: '2025-02-11', price: '100.5', change24h, change7d: '0', marketCap, volume24h };
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

  it('ranks by 24 h trading volume with the market cap and volume a provider gave', async () => {
    const byVolume = [coin('ETH', 'Ethereum', 2, '1', '400000000000', '25000000000'), coin('SOL', 'Solana', 5, null)];
    const fetchMock = mockFetch({ CoinPrices: () => ({ coinPrices: { total: 2, items: byVolume } }) });
    renderWithProviders(<PricesPage view="trading-volume" />);

    const rows = within(await screen.findByTestId('price-table')).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Coin', 'Price', '24h', '7d', 'Market cap', 'Volume (24h)']);
    expect(within(rows[1]).getAllByRole('cell').slice(-2).map((cell) => cell.textContent)).toEqual(['$400B', '$25B']);
    expect(within(rows[2]).getAllByRole('cell').slice(-2).map((cell) => cell.textContent)).toEqual(['—', '—']);
    expect(fetchMock.calls.find((c) => c.operationName === 'CoinPrices')?.variables).toMatchObject({ ranking: 'TRADING_VOLUME' });
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
