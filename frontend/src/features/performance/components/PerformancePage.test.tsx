import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { PerformancePage } from './PerformancePage';

function performance(duration: string, assets = true) {
  return {
    portfolioPerformance: {
      duration,
      baseCurrency: 'EUR',
      start: '2025-03-01',
      end: '2026-03-01',
      openingValue: '10000',
      closingValue: '16000.5',
      valueChange: '6000.5',
      netDeposits: '5000',
      profit: '1000.5',
      realizedGain: '-250.125',
      unrealizedGain: '1200',
      income: '50.6',
      points: [
        { day: '2025-03-01', value: '10000', netDeposits: '0' },
        { day: '2026-03-01', value: '16000.5', netDeposits: '5000' },
      ],
      assets: assets
        ? [
            { symbol: 'BTC', name: 'Bitcoin', value: '15000', unrealizedGain: '1200', realizedGain: '-250.125', income: '0', netDeposits: '0' },
            { symbol: 'ZZT', name: 'My token', value: null, unrealizedGain: null, realizedGain: '0', income: '50.6', netDeposits: '5000' },
          ]
        : [],
    },
  };
}

describe('Performance', () => {
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

  it('shows the period’s figures in the base currency and each asset', async () => {
    mockFetch({ portfolioPerformance: (vars) => performance(String(vars.duration)) });
    renderWithProviders(<PerformancePage />);
    expect(await screen.findByTestId('closing-value')).toHaveTextContent('€16,000.50');
    expect(screen.getByTestId('performance-period')).toHaveTextContent('From the close of Mar 1, 2025 to Mar 1, 2026');
    expect(screen.getByTestId('value-change')).toHaveTextContent('+€6,000.50');
    expect(screen.getByTestId('net-deposits')).toHaveTextContent('€5,000.00');
    expect(screen.getByTestId('profit')).toHaveTextContent('+€1,000.50');
    expect(screen.getByTestId('realized-gain')).toHaveTextContent('-€250.13');
    expect(screen.getByTestId('unrealized-gain')).toHaveTextContent('+€1,200.00');
    expect(screen.getByTestId('income')).toHaveTextContent('€50.60');
    const rows = within(screen.getByTestId('asset-performance')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('BTC Bitcoin€15,000.00€0.00-€250.13+€1,200.00€0.00');
    // an asset without a price has no value or unrealized gain, never a zero one
    expect(rows[2]).toHaveTextContent('ZZT My token—€5,000.00€0.00—€50.60');
  });

  it('draws value against net deposits with a table for screen readers, and switches period', async () => {
    const fetchMock = mockFetch({ portfolioPerformance: (vars) => performance(String(vars.duration)) });
    renderWithProviders(<PerformancePage />);
    const table = await screen.findByRole('table', { name: 'Value and net deposits by day' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Mar 1, 2026€16,000.50€5,000.00');
    expect(screen.getByRole('button', { name: 'One year' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Five years' }));
    expect(screen.getByRole('button', { name: 'Five years' })).toHaveAttribute('aria-pressed', 'true');
    const asked = fetchMock.calls.filter((call) => call.operationName === 'portfolioPerformance').map((call) => call.variables);
    expect(asked).toEqual([{ duration: 'ONE_YEAR' }, { duration: 'FIVE_YEAR' }]);
  });

  it('says so when there is nothing yet', async () => {
    mockFetch({ portfolioPerformance: (vars) => performance(String(vars.duration), false) });
    renderWithProviders(<PerformancePage />);
    expect(await screen.findByText('Nothing to show yet')).toBeInTheDocument();
  });
});
