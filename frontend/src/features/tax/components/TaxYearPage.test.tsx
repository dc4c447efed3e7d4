import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toast/toastStore';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { TaxYearPage } from './TaxYearPage';

function year(counts = { insufficientQuantity: 2, missingPriceHistory: 0 }) {
  return {
    me: { baseCurrency: 'USD' },
    taxSummary: {
      taxYear: 2023,
      start: '2023-01-01T00:00:00+00:00',
      end: '2024-01-01T00:00:00+00:00',
      capitalGain: '7991',
      shortTermGain: '8000.5',
      longTermGain: '-9.5',
      proceeds: '11995',
      costBasis: '4004',
      taxableIncomeTotal: '1000',
      transactionCount: 1234,
      calloutCounts: counts,
      disposalsByType: [
        { type: 'SELL', transactions: 1, proceeds: '11995', costBasis: '4004', gain: '7991' },
        { type: 'DONATION', transactions: 2, proceeds: '300', costBasis: '100', gain: '200' },
      ],
      incomeByCategory: [{ type: 'STAKING_REWARD', events: 2, value: '1000' }],
    },
  };
}

describe('Tax year page', () => {
  beforeEach(() => toast.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the figures the last calculation stored', async () => {
    mockFetch({ taxYear: () => year() });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    expect(await screen.findByTestId('capital-gain')).toHaveTextContent('+$7,991.00');
    expect(screen.getByTestId('short-term-gain')).toHaveTextContent('+$8,000.50');
    expect(screen.getByTestId('long-term-gain')).toHaveTextContent('-$9.50');
    expect(screen.getByTestId('proceeds')).toHaveTextContent('$11,995.00');
    expect(screen.getByTestId('cost-basis')).toHaveTextContent('$4,004.00');
    expect(screen.getByTestId('transaction-count')).toHaveTextContent('1,234');
    expect(screen.getByTestId('income-total')).toHaveTextContent('$1,000.00');
    expect(screen.getByRole('row', { name: /Staking rewards/ })).toHaveTextContent('Staking rewards2$1,000.00');
    const others = within(screen.getByTestId('other-disposals'));
    expect(others.getByRole('row', { name: /Donations/ })).toHaveTextContent('Donations2$300.00$100.00');
    expect(others.getByRole('row', { name: /Gifts/ })).toHaveTextContent('Gifts0$0.00$0.00');
    expect(screen.getByRole('heading', { name: 'Taxes 2023' })).toBeInTheDocument();
  });

  it('links each callout to the transactions that carry it in that year', async () => {
    mockFetch({ taxYear: () => year() });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    const callouts = await screen.findByTestId('callouts');
    expect(within(callouts).getAllByRole('listitem')).toHaveLength(1);
    expect(callouts).toHaveTextContent('Missing purchase history · 2 transactions');
    expect(within(callouts).getByRole('link', { name: 'Review these transactions' })).toHaveAttribute(
      'href',
      '/transactions?q=callout%3AINSUFFICIENT_QUANTITY+tax_year%3A2023',
    );
  });

  it('says so when the year has no callouts', async () => {
    mockFetch({ taxYear: () => year({ insufficientQuantity: 0, missingPriceHistory: 0 }) });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    expect(await screen.findByTestId('callouts-none')).toHaveTextContent("No issues found in this year's transactions.");
  });

  it('Recalculate requests a recalculation, says so, and rests for 2 seconds', async () => {
    const fetchMock = mockFetch({
      taxYear: () => year(),
      requestTaxRecalculation: () => ({ requestTaxRecalculation: { success: true, error: null, errorMessage: null } }),
    });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    const button = await screen.findByRole('button', { name: 'Recalculate' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button);
    expect(button).toBeDisabled();
    expect(await screen.findByText('Recalculating your taxes...')).toBeInTheDocument();
    expect(fetchMock.operations()).toContain('requestTaxRecalculation');
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(button).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(button).toBeEnabled();
  });

  it('shows the failure message when the request is refused', async () => {
    mockFetch({
      taxYear: () => year(),
      requestTaxRecalculation: () => ({ requestTaxRecalculation: { success: false, error: 'GENERIC_ERROR', errorMessage: 'x' } }),
    });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Recalculate' }));
    expect(
      await screen.findByText('There was an error while trying to request the recalculation. Please try again later.'),
    ).toBeInTheDocument();
  });
});
