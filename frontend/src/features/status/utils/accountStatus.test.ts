import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS_LABELS,
  computeAccountStatus,
  freezingMessage,
  freezingPhase,
  isAddWalletDisabled,
  shouldOfferResync,
  type CostBasisSnapshot,
  type StatusInputs,
} from './accountStatus';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function costBasis(overrides: Partial<CostBasisSnapshot> = {}): CostBasisSnapshot {
  return {
    isUndergoingAllocation: false,
    isCostBasisRunning: false,
    costBasisPaused: false,
    costBasisLastSyncedAt: null,
    costBasisStatus: { state: null },
    freezing: { status: 'unfrozen' },
    ...overrides,
  };
}

function inputs(overrides: Partial<StatusInputs> = {}): StatusInputs {
  return {
    loading: false,
    costBasis: costBasis(),
    anyExchangeOrWalletSyncing: false,
    numberOfExchanges: 1,
    numberOfLocalWallets: 0,
    numberOfCustomWallets: 0,
    ...overrides,
  };
}

describe('computeAccountStatus', () => {
  it('is Ready (Up to date) by default', () => {
    expect(computeAccountStatus(inputs())).toBe('Ready');
    expect(ACCOUNT_STATUS_LABELS.Ready).toBe('Up to date');
  });

  it('is Paused when cost basis is paused', () => {
    expect(computeAccountStatus(inputs({ costBasis: costBasis({ costBasisPaused: true }) }))).toBe('Paused');
  });

  it('is Calculating when running (flag or Enqueued/Scheduled/Started) or allocating, over Paused', () => {
    for (const cb of [
      costBasis({ isCostBasisRunning: true, costBasisPaused: true }),
      costBasis({ costBasisStatus: { state: 'Enqueued' } }),
      costBasis({ costBasisStatus: { state: 'Scheduled' } }),
      costBasis({ costBasisStatus: { state: 'Started' } }),
      costBasis({ isUndergoingAllocation: true }),
    ]) {
      expect(computeAccountStatus(inputs({ costBasis: cb }))).toBe('Calculating');
    }
  });

  it('is Syncing when any exchange or wallet syncs, over Calculating', () => {
    expect(
      computeAccountStatus(
        inputs({ anyExchangeOrWalletSyncing: true, costBasis: costBasis({ isCostBasisRunning: true }) }),
      ),
    ).toBe('Syncing');
  });

  it('is Failed when the state is Failed and nothing runs, over Syncing', () => {
    expect(
      computeAccountStatus(
        inputs({ anyExchangeOrWalletSyncing: true, costBasis: costBasis({ costBasisStatus: { state: 'Failed' } }) }),
      ),
    ).toBe('Failed');
    expect(
      computeAccountStatus(
        inputs({ costBasis: costBasis({ isCostBasisRunning: true, costBasisStatus: { state: 'Failed' } }) }),
      ),
    ).toBe('Calculating');
  });

  it('is Loading while the query loads, over everything else', () => {
    expect(
      computeAccountStatus(
        inputs({
          loading: true,
          costBasis: costBasis({ costBasisStatus: { state: 'Failed' } }),
          anyExchangeOrWalletSyncing: true,
        }),
      ),
    ).toBe('Loading');
    expect(computeAccountStatus(inputs({ loading: true, numberOfExchanges: 0 }))).toBe('Loading');
  });

  it('is EmptyData (Add wallet) when Ready with no exchanges and no local wallets', () => {
    expect(computeAccountStatus(inputs({ numberOfExchanges: 0, numberOfLocalWallets: 0 }))).toBe('EmptyData');
    expect(computeAccountStatus(inputs({ numberOfExchanges: 0, numberOfLocalWallets: 2 }))).toBe('Ready');
    expect(computeAccountStatus(inputs({ numberOfExchanges: 0, numberOfLocalWallets: 0, numberOfCustomWallets: 1 }))).toBe(
      'Ready',
    );
    expect(
      computeAccountStatus(
        inputs({ numberOfExchanges: 0, numberOfLocalWallets: 0, costBasis: costBasis({ costBasisPaused: true }) }),
      ),
    ).toBe('Paused');
    expect(ACCOUNT_STATUS_LABELS.EmptyData).toBe('Add wallet');
  });

  it('has the labels of the spec', () => {
    expect(ACCOUNT_STATUS_LABELS).toEqual({
      Ready: 'Up to date',
      Paused: 'Paused',
      Calculating: 'Calculating...',
      Syncing: 'Syncing...',
      Failed: 'Calculation error',
      Loading: 'Loading',
      EmptyData: 'Add wallet',
    });
  });
});

describe('freezing', () => {
  it('reads both spellings of the freezing status', () => {
    expect(freezingPhase('freezing_in_progress')).toBe('freezing');
    expect(freezingPhase('FreezingInProgress')).toBe('freezing');
    expect(freezingPhase('unfreezing_in_progress')).toBe('unfreezing');
    expect(freezingPhase('ErroredWithFrozenPeriods')).toBe('error');
    expect(freezingPhase('errored_with_unfrozen_periods')).toBe('error');
    expect(freezingPhase('frozen')).toBe('idle');
    expect(freezingPhase(null)).toBe('idle');
  });

  it('shows the freezing message only when Ready', () => {
    expect(freezingMessage('Ready', 'freezing_in_progress')).toBe('Freezing in progress');
    expect(freezingMessage('Ready', 'unfreezing_in_progress')).toBe('Unfreezing in progress');
    expect(freezingMessage('Ready', 'errored_with_frozen_periods')).toBe('Freezing error');
    expect(freezingMessage('Ready', 'frozen')).toBeNull();
    expect(freezingMessage('Calculating', 'freezing_in_progress')).toBeNull();
  });

  it('disables Add wallet while freezing or unfreezing', () => {
    expect(isAddWalletDisabled('freezing_in_progress')).toBe(true);
    expect(isAddWalletDisabled('UnfreezingInProgress')).toBe(true);
    expect(isAddWalletDisabled('errored_with_frozen_periods')).toBe(false);
    expect(isAddWalletDisabled('unfrozen')).toBe(false);
  });
});

describe('shouldOfferResync', () => {
  it('offers resync only when running and the last sync is over 5 minutes old', () => {
    const old = new Date(NOW - 5 * 60_000 - 1).toISOString();
    const fresh = new Date(NOW - 5 * 60_000).toISOString();
    expect(shouldOfferResync(costBasis({ isCostBasisRunning: true, costBasisLastSyncedAt: old }), NOW)).toBe(true);
    expect(shouldOfferResync(costBasis({ isCostBasisRunning: true, costBasisLastSyncedAt: fresh }), NOW)).toBe(false);
    expect(shouldOfferResync(costBasis({ costBasisLastSyncedAt: old }), NOW)).toBe(false);
    expect(shouldOfferResync(null, NOW)).toBe(false);
  });
});
