import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { StatusPanel } from './StatusPanel';

function costBasis(lastSyncedAt: string) {
  return {
    costBasisStatus: {
      isUndergoingAllocation: false,
      isCostBasisRunning: true,
      costBasisLastSyncedAt: lastSyncedAt,
      costBasisComputeStartTime: null,
      costBasisComputeEndTime: null,
      costBasisStatus: { state: 'Started', priority: 'HIGH' },
      costBasisRecomputationDate: null,
      costBasisPaused: false,
      freezing: { status: 'NONE', isAvailable: true, startTime: null, endTime: null, lastUpdatedAt: null, error: null },
    },
  };
}

function answers(lastSyncedAt: string) {
  return {
    userInfo: () => userInfoAnswer(),
    GetCostBasisStatus: () => costBasis(lastSyncedAt),
    syncingAccounts: () => ({ wallets: { items: [] }, exchanges: { items: [] } }),
    resyncAll: () => ({ resyncAll: { success: true, error: null, errorMessage: null } }),
  };
}

describe('StatusPanel', () => {
  fakeTimersAndFreshToasts();

  it("offers Resync while calculating after a sync over 5 minutes old, and sends the spec's event", async () => {
    const fetchMock = mockFetch(answers(new Date(Date.now() - 6 * 60_000).toISOString()));
    saveConsent(true);
    renderWithProviders(<StatusPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resync' }));
    expect(await screen.findByText('Syncing all your exchanges and wallets.')).toBeInTheDocument();
    expect(fetchMock.operations()).toContain('resyncAll');
    expect(sentTo('/save_event', fetchMock.calls).map((event) => event.event_name)).toEqual(['Sidebar Resync Button Clicked']);
  });

  it('offers no Resync after a recent sync', async () => {
    mockFetch(answers(new Date(Date.now() - 60_000).toISOString()));
    renderWithProviders(<StatusPanel />);
    expect(await screen.findByTestId('account-status')).toHaveTextContent('Calculating...');
    expect(screen.queryByRole('button', { name: 'Resync' })).not.toBeInTheDocument();
  });
});
