import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { PortfolioHome } from './PortfolioHome';

const summary = {
  portfolioSummary: {
    baseCurrency: 'EUR',
    pricesAsOf: '2025-02-11',
    totalValue: '61234.5',
    change24h: '-1234.5678',
    change24hRatio: '-0.0198',
    holdings: [
      { assetId: 'crypto_BTC', symbol: 'BTC', name: 'Bitcoin', quantity: '0.75', price: '80000', value: '60000', costBasis: '30000', unrealizedGain: '30000', allocation: '0.9798' },
      { assetId: 'user_asset_1', symbol: 'ZZT', name: 'My token', quantity: '5', price: null, value: null, costBasis: '0', unrealizedGain: null, allocation: null },
    ],
  },
};

function history(duration: string) {
  return {
    performanceHistory: {
      duration,
      baseCurrency: 'EUR',
      days: ['2025-03-01', '2025-03-02'],
      values: ['59000.25', '61234.5'],
    },
  };
}

describe('Portfolio home', () => {
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

  it('shows the total, the 24 h change and the holdings in the base currency', async () => {
    mockFetch({ portfolioSummary: () => summary, performanceHistory: (vars) => history(String(vars.duration)) });
    renderWithProviders(<PortfolioHome />);
    expect(await screen.findByTestId('portfolio-total')).toHaveTextContent('€61,234.50');
    expect(screen.getByTestId('portfolio-change')).toHaveTextContent('-€1,234.57 (-2%) 24h');
    expect(screen.getByTestId('prices-as-of')).toHaveTextContent('Prices as of Feb 11, 2025');
    const rows = within(screen.getByTestId('holdings')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('BTC Bitcoin0.75€80,000.00€60,000.00€30,000.00+€30,000.0098%');
    // an asset the price table does not know has no price, value or gain, never a zero one
    expect(rows[2]).toHaveTextContent('ZZT My token5No price—€0.00——');
  });

  it('draws the value over a year by default, with a table for screen readers, and switches duration', async () => {
    const fetchMock = mockFetch({ portfolioSummary: () => summary, performanceHistory: (vars) => history(String(vars.duration)) });
    renderWithProviders(<PortfolioHome />);
    const table = await screen.findByRole('table', { name: 'Portfolio value by day' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('€61,234.50');
    expect(screen.getByRole('button', { name: 'One year' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'All time' }));
    expect(screen.getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');
    const asked = fetchMock.calls.filter((call) => call.operationName === 'performanceHistory').map((call) => call.variables);
    expect(asked).toEqual([{ duration: 'ONE_YEAR' }, { duration: 'ALL_TIME' }]);
    expect(screen.getByRole('list', { name: 'Allocation' })).toHaveTextContent('BTC 98%');
  });
});
