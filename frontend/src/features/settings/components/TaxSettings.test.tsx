import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toast/toastStore';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { MethodCalendar } from './MethodCalendar';
import { TaxSettings } from './TaxSettings';

function settings(overrides: Record<string, unknown> = {}) {
  return {
    userSettings: {
      baseCurrency: 'USD',
      baseCurrencies: ['EUR', 'USD'],
      country: 'US',
      costBasisMethod: 'FIFO',
      costBasisTimeline: [
        { startDate: '2021-01-01', method: 'HIFO' },
        { startDate: '2023-01-01', method: 'FIFO' },
      ],
      allocationScope: 'WALLET',
      universalAllowed: false,
      taxStartMonth: 1,
      taxStartDay: 1,
      selectedTheme: 'LIGHT',
      ...overrides,
    },
  };
}
const ok = { success: true, error: null, errorMessage: null };

describe('Tax settings', () => {
  beforeEach(() => toast.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('refuses the universal scope to US taxpayers, and saves a method with a recalculation', async () => {
    const fetchMock = mockFetch({ userSettings: () => settings(), updateCostBasisMethod: () => ({ updateCostBasisMethod: ok }) });
    renderWithProviders(<TaxSettings />);
    expect(await screen.findByRole('radio', { name: 'Across all wallets (universal)' })).toBeDisabled();
    expect(screen.getByText('Universal cost basis is not accepted from January 1, 2025 for US taxpayers.')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: /Cost-basis method/ }), 'HIFO');
    expect(await screen.findByText('Settings saved. Recalculating your taxes...')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'updateCostBasisMethod')?.variables).toEqual({ method: 'HIFO' });
  });

  it("shows the server's reason when a change is refused", async () => {
    mockFetch({
      userSettings: () => settings(),
      updateCountry: () => ({ updateCountry: { success: false, error: 'invalid_country', errorMessage: 'Choose a country by its two-letter code.' } }),
    });
    renderWithProviders(<TaxSettings />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: /Country/ });
    await user.clear(field);
    await user.type(field, '1x');
    await user.click(screen.getByRole('button', { name: 'Save country' }));
    expect(await screen.findByText('Choose a country by its two-letter code.')).toBeInTheDocument();
  });
});

describe('Method timeline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each period until the next starts, and removes one', async () => {
    const fetchMock = mockFetch({
      userSettings: () => settings(),
      deleteCostBasisMethodPeriod: () => ({ deleteCostBasisMethodPeriod: ok }),
    });
    renderWithProviders(<MethodCalendar />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jan 1, 2021Jan 1, 2023Highest in, first out (HIFO)');
    expect(rows[2]).toHaveTextContent('Jan 1, 2023TodayFirst in, first out (FIFO)');
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    await screen.findByText('Settings saved. Recalculating your taxes...');
    expect(fetchMock.calls.find((call) => call.operationName === 'deleteCostBasisMethodPeriod')?.variables).toEqual({
      startDate: '2021-01-01',
    });
  });
});
