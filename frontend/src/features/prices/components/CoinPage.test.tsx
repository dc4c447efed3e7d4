import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { CoinPage } from './CoinPage';

const bitcoin = {
  symbol: 'BTC',
  name: 'Bitcoin',
  slug: 'bitcoin',
  rank: 1,
  day: '2025-02-11',
  price: '95747.4296875',
  change24h: '-2.3456',
  change7d: '1.5',
};
const page = {
  coinPricePage: {
    coin: bitcoin,
    marketInfo: {
      firstDay: '2014-09-17',
      allTimeHigh: '106146.265625',
      yearHigh: '106146.265625',
      yearLow: '42583.58203125',
      marketCap: null,
      volume24h: null,
      marketUpdatedAt: null,
    },
  },
};

function chart(duration: string) {
  return {
    coinPriceChart:
      duration === 'ONE_WEEK'
        ? [
            { day: '2025-02-04', close: '97871.8203125' },
            { day: '2025-02-11', close: '95747.4296875' },
          ]
        : [{ day: '2025-02-11', close: '95747.4296875' }],
  };
}

describe('CoinPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the live price, the changes and market info, and a chart per duration with a table for screen readers', async () => {
    const fetchMock = mockFetch({
      CoinPricePage: () => page,
      CoinPriceChart: (vars) => chart(String(vars.duration)),
      CairnLiveCoinPrices: () => ({
        liveCoinPrices: [{ symbol: 'BTC', price: '95750.5', day: '2025-02-11', source: 'PROVIDER', updatedAt: '2025-02-12T09:30:00+00:00' }],
      }),
    });
    renderWithProviders(<CoinPage slug="bitcoin" />);

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Bitcoin price BTC');
    expect(await screen.findByTestId('coin-price')).toHaveTextContent('$95,750.50');
    expect(screen.getByText(/^Live price in USD as of/)).toBeInTheDocument();
    expect(screen.getByText('-2.35% (24h)')).toBeInTheDocument();
    expect(screen.getByText('+1.50% (7d)')).toBeInTheDocument();
    expect(screen.getByText('$106,146.27', { selector: 'dd:nth-of-type(2)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'One week' }));
    const table = await screen.findByRole('table', { name: 'Bitcoin daily close in USD' });
    expect(await within(table).findByText('$97,871.82')).toBeInTheDocument();
    const live = fetchMock.calls.find((c) => c.operationName === 'CairnLiveCoinPrices');
    expect(live?.url).toBe('/public/graphql');
    expect(live?.variables).toEqual({ symbols: ['BTC'] });
  });

  it("shows the provider's market cap and 24 h volume, and dashes without them", async () => {
    const withMarket = {
      coinPricePage: {
        ...page.coinPricePage,
        marketInfo: { ...page.coinPricePage.marketInfo, marketCap: '1900000000000', volume24h: '32500000000.5', marketUpdatedAt: '2025-02-17T00:00:00+00:00' },
      },
    };
    mockFetch({
      CoinPricePage: () => withMarket,
      CoinPriceChart: (vars) => chart(String(vars.duration)),
      CairnLiveCoinPrices: () => ({ liveCoinPrices: [] }),
    });
    const { unmount } = renderWithProviders(<CoinPage slug="bitcoin" />);
    expect(await screen.findByTestId('coin-market-cap')).toHaveTextContent('$1.9T');
    expect(screen.getByTestId('coin-volume')).toHaveTextContent('$32.5B');
    expect(screen.getByText(/^Market cap and volume as of/)).toBeInTheDocument();
    unmount();

    mockFetch({ CoinPricePage: () => page, CoinPriceChart: (vars) => chart(String(vars.duration)), CairnLiveCoinPrices: () => ({ liveCoinPrices: [] }) });
    renderWithProviders(<CoinPage slug="bitcoin" />);
    expect(await screen.findByTestId('coin-market-cap')).toHaveTextContent('—');
    expect(screen.queryByText(/^Market cap and volume as of/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Daily close in USD as of/)).toBeInTheDocument();
  });

  it('says when no coin has the name', async () => {
    mockFetch({ CoinPricePage: () => ({ coinPricePage: null }) });
    renderWithProviders(<CoinPage slug="nocoin" />);
    expect(await screen.findByRole('heading', { name: 'Coin not found' })).toBeInTheDocument();
  });
});
