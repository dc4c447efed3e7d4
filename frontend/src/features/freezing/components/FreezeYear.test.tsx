import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { FreezeYear } from './FreezeYear';

function yearStatus(status: string, error: string | null = null) {
  return () => ({ freezingStatus: { taxYear: 2023, status, isAvailable: true, lastUpdatedAt: null, error } });
}

describe('FreezeYear', () => {
  fakeTimersAndFreshToasts();

  it('freezes the year only after the confirm', async () => {
    const fetchMock = mockFetch({
      freezingStatus: yearStatus('unfrozen'),
      freezeTaxYear: () => ({ freezeTaxYear: { success: true, error: null, errorMessage: null } }),
    });
    renderWithProviders(<FreezeYear taxYear={2023} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Freeze year' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Freeze 2023?' })).toBeInTheDocument();
    expect(fetchMock.calls.some((call) => call.operationName === 'freezeTaxYear')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByText('Freezing 2023…')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'freezeTaxYear')?.variables).toEqual({ taxYear: 2023 });
  });

  it('offers Unfreeze on a frozen year and shows a refusal', async () => {
    mockFetch({
      freezingStatus: yearStatus('frozen'),
      unfreezeTaxYear: () => ({
        unfreezeTaxYear: { success: false, error: 'freezing_in_progress', errorMessage: 'A tax year is being frozen or unfrozen.' },
      }),
    });
    renderWithProviders(<FreezeYear taxYear={2023} />);
    expect(await screen.findByText('Frozen')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unfreeze year' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByText('A tax year is being frozen or unfrozen.')).toBeInTheDocument();
  });

  it('cannot be used while the year is being frozen, and shows a failed unfreeze', async () => {
    mockFetch({ freezingStatus: yearStatus('freezing_in_progress') });
    const { unmount } = renderWithProviders(<FreezeYear taxYear={2023} />);
    expect(await screen.findByRole('button', { name: 'Freezing…' })).toBeDisabled();
    unmount();
    mockFetch({ freezingStatus: yearStatus('errored_with_frozen_periods', 'We weren’t able to unfreeze.') });
    renderWithProviders(<FreezeYear taxYear={2023} />);
    expect(await screen.findByRole('status')).toHaveTextContent('We weren’t able to unfreeze.');
    expect(screen.getByRole('button', { name: 'Unfreeze year' })).toBeEnabled();
  });
});
