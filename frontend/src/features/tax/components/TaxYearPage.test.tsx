import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toast/toastStore';
import { saveConsent } from '@/lib/analytics';
import { mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { TaxYearPage } from './TaxYearPage';

const NO_CALLOUTS = { insufficientQuantity: 0, missingBalance: 0, missingPriceHistory: 0, unbalancedTransaction: 0, valueOutOfBounds: 0 };
const KRAKEN_TASK = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  type: 'FIX_API_CREDENTIALS',
  status: 'TO_DO',
  accountId: '41',
  accountName: 'Kraken',
  detail: 'The API key was refused.',
  createdAt: '2024-03-01T10:00:00+00:00',
};

function year(counts: Partial<typeof NO_CALLOUTS> = { insufficientQuantity: 2 }, tasks = [KRAKEN_TASK]) {
  return {
    me: { baseCurrency: 'USD', stats: { numberOfExchanges: 1, numberOfLocalWallets: 0, numberOfCustomWallets: 2 } },
    tasksByType: { syncIssues: tasks.filter((task) => task.status === 'TO_DO').length, tasks },
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
      calloutCounts: { ...NO_CALLOUTS, ...counts },
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

  it('counts and links every callout of the spec', async () => {
    mockFetch({
      taxYear: () =>
        year({ insufficientQuantity: 1, missingBalance: 2, missingPriceHistory: 3, unbalancedTransaction: 4, valueOutOfBounds: 5 }),
    });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    const callouts = await screen.findByTestId('callouts');
    const shown = within(callouts).getAllByRole('listitem');
    expect(shown.map((item) => item.dataset.callout)).toEqual([
      'INSUFFICIENT_QUANTITY',
      'MISSING_BALANCE',
      'MISSING_PRICE_HISTORY',
      'UNBALANCED_TRANSACTION',
      'VALUE_OUT_OF_BOUNDS',
    ]);
    expect(shown[1]).toHaveTextContent('Missing balance · 2 transactions');
    expect(shown[3]).toHaveTextContent('Unbalanced transactions · 4 transactions');
    expect(shown[4]).toHaveTextContent('Unlikely values · 5 transactions');
    expect(within(shown[4]).getByRole('link')).toHaveAttribute('href', '/transactions?q=callout%3AVALUE_OUT_OF_BOUNDS+tax_year%3A2023');
  });

  it('lists the tasks to do, ignores one and shows the ignored ones', async () => {
    let ignored = false;
    const fetchMock = mockFetch({
      taxYear: (variables) =>
        variables.taskStatus === 'IGNORED'
          ? year(undefined, ignored ? [{ ...KRAKEN_TASK, status: 'IGNORED' }] : [])
          : year(undefined, ignored ? [] : [KRAKEN_TASK]),
      updateTaskStatus: () => {
        ignored = true;
        return { updateTaskStatus: { success: true, error: null, errorMessage: null } };
      },
    });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    const tasks = await screen.findByTestId('tasks');
    expect(tasks).toHaveTextContent('Fix API credentials · Kraken');
    expect(tasks).toHaveTextContent('The API key was refused.');
    expect(within(tasks).getByTestId('task-fix-credentials')).toHaveAttribute('href', '/accounts/41/credentials');
    fireEvent.click(within(tasks).getByRole('button', { name: 'Ignore' }));
    expect(await within(tasks).findByText('Nothing to do.')).toBeInTheDocument();
    const update = fetchMock.calls.find((call) => call.operationName === 'updateTaskStatus');
    expect(update?.variables).toEqual({ taskId: KRAKEN_TASK.id, status: 'IGNORED' });
    fireEvent.click(within(tasks).getByRole('button', { name: 'Ignored' }));
    expect(await within(tasks).findByRole('button', { name: 'Move to To do' })).toBeInTheDocument();
  });

  it("sends 'Tax Readiness Clicked' when the sheet is opened, with analytics consent", async () => {
    saveConsent(true);
    const fetchMock = mockFetch({ taxYear: () => year() });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tax readiness' }));
    expect(sentTo('/save_event', fetchMock.calls).map((event) => event.event_name)).toEqual(['Tax Readiness Clicked']);
  });

  it('opens the tax-readiness sheet with its four steps and their states', async () => {
    window.localStorage.clear();
    mockFetch({ taxYear: () => year({ missingBalance: 12 }) });
    renderWithProviders(<TaxYearPage taxYear={2023} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tax readiness' }));
    const sheet = await screen.findByTestId('tax-readiness');
    const steps = within(sheet).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.readiness__title')?.textContent)).toEqual([
      '1. Gather crypto',
      '2. Get in sync',
      '3. Optimize tax savings',
      '4. Generate forms',
    ]);
    // a sync issue (the Kraken task) and errors: only the user's checks count
    expect(within(sheet).getByTestId('readiness-state-1')).toHaveTextContent('Current step');
    expect(within(sheet).getByTestId('readiness-state-2')).toHaveTextContent('To do');
    expect(steps[0]).toHaveTextContent('3 wallets added.');
    expect(steps[1]).toHaveTextContent('1 sync issue to fix');
    expect(steps[2]).toHaveTextContent('You have some errors, in 3% of your transactions.');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Continue' }));
    expect(within(sheet).getByTestId('readiness-state-1')).toHaveTextContent('Done');
    expect(within(sheet).getByTestId('readiness-state-2')).toHaveTextContent('Current step');
    expect(JSON.parse(window.localStorage.getItem('tax_readiness') ?? '{}')).toEqual({ addWalletsCheckedByUser: true });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Mark all as done' }));
    await waitFor(() => expect(screen.queryByTestId('tax-readiness')).not.toBeInTheDocument());
  });

  it('says so when the year has no callouts', async () => {
    mockFetch({ taxYear: () => year(NO_CALLOUTS) });
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
