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
        { startDate: '2021-01-01', endDate: null, method: 'HIFO' },
        { startDate: '2023-01-01', endDate: null, method: 'FIFO' },
      ],
      allocationScope: 'WALLET',
      universalAllowed: false,
      taxStartMonth: 1,
      taxStartDay: 1,
      selectedTheme: 'LIGHT',
      taxability: [
        { category: 'LENDING', taxable: true, isDefault: true },
        { category: 'STAKING_REWARDS', taxable: false, isDefault: false },
      ],
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

  it('offers the wrapping, liquid staking and liquidity settings, each saved with a recalculation', async () => {
    const fetchMock = mockFetch({
      userSettings: () =>
        settings({
          taxability: ['LENDING', 'LIQUID_STAKING', 'LIQUIDITY', 'STAKING_REWARDS', 'WRAPPING'].map((category) => ({
            category,
            taxable: category !== 'LIQUIDITY',
            isDefault: category !== 'LIQUIDITY',
          })),
        }),
      updateTaxabilitySetting: () => ({ updateTaxabilitySetting: ok }),
    });
    renderWithProviders(<TaxSettings />);
    const wrapping = await screen.findByRole('checkbox', { name: 'Wrapping is taxable' });
    expect(wrapping).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Liquid staking is taxable' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Liquidity is taxable' })).not.toBeChecked();
    expect(screen.getByText(/wrapping and unwrapping \(ETH for WETH\) are not disposals/)).toBeInTheDocument();
    await userEvent.setup().click(wrapping);
    expect(await screen.findByText('Settings saved. Recalculating your taxes...')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'updateTaxabilitySetting')?.variables).toEqual({
      category: 'WRAPPING',
      taxable: false,
    });
  });

  it('turns a taxability setting off with a recalculation, and takes one back to the default', async () => {
    const fetchMock = mockFetch({
      userSettings: () => settings(),
      updateTaxabilitySetting: () => ({ updateTaxabilitySetting: ok }),
      deleteTaxabilitySetting: () => ({ deleteTaxabilitySetting: ok }),
    });
    renderWithProviders(<TaxSettings />);
    const user = userEvent.setup();
    const lending = await screen.findByRole('checkbox', { name: 'Lending is taxable' });
    expect(lending).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Staking rewards are taxable income' })).not.toBeChecked();
    // only a setting the user changed offers the default back
    expect(screen.getAllByRole('button', { name: 'Use the default' })).toHaveLength(1);
    await user.click(lending);
    expect(await screen.findByText('Settings saved. Recalculating your taxes...')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'updateTaxabilitySetting')?.variables).toEqual({
      category: 'LENDING',
      taxable: false,
    });
    await user.click(screen.getByRole('button', { name: 'Use the default' }));
    await vi.waitFor(() =>
      expect(fetchMock.calls.find((call) => call.operationName === 'deleteTaxabilitySetting')?.variables).toEqual({
        category: 'STAKING_REWARDS',
      }),
    );
  });
});

describe('Method timeline', () => {
  beforeEach(() => toast.clear());
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

  it('shows a period until its end date, and edits its end', async () => {
    const fetchMock = mockFetch({
      userSettings: () =>
        settings({
          costBasisTimeline: [
            { startDate: '2021-01-01', endDate: '2022-01-01', method: 'HIFO' },
            { startDate: '2023-01-01', endDate: null, method: 'LIFO' },
          ],
        }),
      addCostBasisMethodPeriod: () => ({ addCostBasisMethodPeriod: ok }),
    });
    renderWithProviders(<MethodCalendar />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jan 1, 2021Jan 1, 2022Highest in, first out (HIFO)');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]);
    expect(screen.getByLabelText('Start date')).toHaveValue('2021-01-01');
    const end = screen.getByLabelText('End date (optional)');
    expect(end).toHaveValue('2022-01-01');
    await user.clear(end);
    await user.type(end, '2022-07-01');
    await user.click(screen.getByRole('button', { name: 'Save period' }));
    await screen.findByText('Settings saved. Recalculating your taxes...');
    expect(fetchMock.calls.find((call) => call.operationName === 'addCostBasisMethodPeriod')?.variables).toEqual({
      startDate: '2021-01-01',
      endDate: '2022-07-01',
      method: 'HIFO',
    });
  });

  it('adds an open-ended period without an end date', async () => {
    const fetchMock = mockFetch({
      userSettings: () => settings({ costBasisTimeline: [] }),
      addCostBasisMethodPeriod: () => ({ addCostBasisMethodPeriod: ok }),
    });
    renderWithProviders(<MethodCalendar />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Start date'), '2024-01-01');
    await user.selectOptions(screen.getByLabelText('Method'), 'LIFO');
    await user.click(screen.getByRole('button', { name: 'Add period' }));
    await screen.findByText('Settings saved. Recalculating your taxes...');
    expect(fetchMock.calls.find((call) => call.operationName === 'addCostBasisMethodPeriod')?.variables).toEqual({
      startDate: '2024-01-01',
      endDate: null,
      method: 'LIFO',
    });
  });
});
