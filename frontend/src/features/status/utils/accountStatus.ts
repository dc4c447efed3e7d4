/**
 * Account status indicator (spec 000 §4). Rules apply in order and later ones override earlier
 * ones: Ready → Paused → Calculating → Syncing → Failed → Loading → EmptyData.
 */

export type AccountStatus = 'Ready' | 'Paused' | 'Calculating' | 'Syncing' | 'Failed' | 'Loading' | 'EmptyData';

export const ACCOUNT_STATUS_LABELS: Readonly<Record<AccountStatus, string>> = {
  Ready: 'Up to date',
  Paused: 'Paused',
  Calculating: 'Calculating...',
  Syncing: 'Syncing...',
  Failed: 'Calculation error',
  Loading: 'Loading',
  EmptyData: 'Add wallet',
};

export const RUNNING_STATES = ['Enqueued', 'Scheduled', 'Started'] as const;
export const RESYNC_STALENESS_MS = 5 * 60 * 1000;

export const FAILED_CALCULATION_MESSAGE = 'We were not able to calculate your tax, portfolio, and performance values.';
export const FREEZING_ERROR_MESSAGE =
  "We weren't able to freeze (or unfreeze) your transactions. Please try again later or contact us if you continue to experience problems.";
export const ENQUEUE_SUCCESS_MESSAGE = 'Enqueued portfolio and tax calculations.';
export const ENQUEUE_FAILURE_MESSAGE =
  'There was a problem while enqueuing portfolio and tax calculations. Please try again.';

export interface CostBasisSnapshot {
  isUndergoingAllocation: boolean;
  isCostBasisRunning: boolean;
  costBasisPaused: boolean;
  costBasisLastSyncedAt: string | null;
  costBasisStatus: { state: string | null };
  freezing: { status: string };
}

export interface StatusInputs {
  loading: boolean;
  costBasis: CostBasisSnapshot | null | undefined;
  /** Any exchange or (blockchain) wallet syncing, per the syncing rule. */
  anyExchangeOrWalletSyncing: boolean;
  numberOfExchanges: number;
  numberOfLocalWallets: number;
  /** A custom wallet is a wallet the user added too, so it also ends the "Add wallet" state. */
  numberOfCustomWallets: number;
}

/** Enqueued, Scheduled and Started count as running (as does the server's own running flag). */
export function isCostBasisRunning(costBasis: CostBasisSnapshot): boolean {
  const state = costBasis.costBasisStatus.state;
  return costBasis.isCostBasisRunning || (state !== null && (RUNNING_STATES as readonly string[]).includes(state));
}

/** Failed while not running shows an error. */
export function isCostBasisFailed(costBasis: CostBasisSnapshot): boolean {
  return costBasis.costBasisStatus.state === 'Failed' && !isCostBasisRunning(costBasis);
}

export function computeAccountStatus(inputs: StatusInputs): AccountStatus {
  let status: AccountStatus = 'Ready';
  const costBasis = inputs.costBasis;
  if (costBasis?.costBasisPaused) status = 'Paused';
  if (costBasis && (isCostBasisRunning(costBasis) || costBasis.isUndergoingAllocation)) status = 'Calculating';
  if (inputs.anyExchangeOrWalletSyncing) status = 'Syncing';
  if (costBasis && isCostBasisFailed(costBasis)) status = 'Failed';
  if (inputs.loading) status = 'Loading';
  const accounts = inputs.numberOfExchanges + inputs.numberOfLocalWallets + inputs.numberOfCustomWallets;
  if (status === 'Ready' && accounts === 0) status = 'EmptyData';
  return status;
}

export type FreezingPhase = 'freezing' | 'unfreezing' | 'error' | 'idle';

/** Accepts both spellings of the spec: freezing_in_progress and FreezingInProgress. */
export function freezingPhase(status: string | null | undefined): FreezingPhase {
  const key = (status ?? '').replace(/[_\s-]/g, '').toLowerCase();
  if (key === 'freezinginprogress') return 'freezing';
  if (key === 'unfreezinginprogress') return 'unfreezing';
  if (key === 'erroredwithfrozenperiods' || key === 'erroredwithunfrozenperiods') return 'error';
  return 'idle';
}

export const FREEZING_LABELS: Readonly<Record<Exclude<FreezingPhase, 'idle'>, string>> = {
  freezing: 'Freezing in progress',
  unfreezing: 'Unfreezing in progress',
  error: 'Freezing error',
};

/** The freezing message is shown only when the status is Ready. */
export function freezingMessage(status: AccountStatus, freezing: string | null | undefined): string | null {
  if (status !== 'Ready') return null;
  const phase = freezingPhase(freezing);
  return phase === 'idle' ? null : FREEZING_LABELS[phase];
}

/** The Add wallet button is disabled while freezing or unfreezing. */
export function isAddWalletDisabled(freezing: string | null | undefined): boolean {
  const phase = freezingPhase(freezing);
  return phase === 'freezing' || phase === 'unfreezing';
}

/** While freezing or unfreezing is in progress, status polling is faster. */
export function isFreezingInProgress(freezing: string | null | undefined): boolean {
  return isAddWalletDisabled(freezing);
}

/** Resync is offered only when cost basis has been running and the last sync is over 5 minutes old. */
export function shouldOfferResync(costBasis: CostBasisSnapshot | null | undefined, now: number = Date.now()): boolean {
  if (!costBasis || !isCostBasisRunning(costBasis)) return false;
  const last = costBasis.costBasisLastSyncedAt ? Date.parse(costBasis.costBasisLastSyncedAt) : Number.NaN;
  if (Number.isNaN(last)) return true;
  return now - last > RESYNC_STALENESS_MS;
}
