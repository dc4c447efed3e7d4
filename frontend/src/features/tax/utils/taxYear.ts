import type { CalloutCounts } from '@/gql/graphql';

/** Spec 001 §8, tax recalculation. */
export const RECALCULATION_SUCCESS_MESSAGE = 'Recalculating your taxes...';
export const RECALCULATION_FAILURE_MESSAGE = 'There was an error while trying to request the recalculation. Please try again later.';
/** Not in the spec's catalogue: a task's status could not be changed. */
export const TASK_UPDATE_FAILURE_MESSAGE = 'The task could not be updated. Please try again.';
/** Spec 001 §9: the Recalculate button stays disabled this long after a click. */
export const RECALCULATE_DISABLED_MS = 2_000;

/** How the page names each disposing type of the ledger. */
export const DISPOSAL_LABELS: Readonly<Record<string, string>> = {
  DONATION: 'Donations',
  GIFT_SENT: 'Gifts',
  LOST: 'Lost',
  STOLEN: 'Stolen',
  FEE: 'Fees',
};

/** Disposals that are gains and losses (everything not listed in DISPOSAL_LABELS). */
export function isSale(type: string): boolean {
  return !(type in DISPOSAL_LABELS);
}

const INCOME_LABELS: Readonly<Record<string, string>> = {
  STAKING_REWARD: 'Staking rewards',
  MINING_REWARD: 'Mining rewards',
  AIRDROP: 'Airdrops',
  INTEREST: 'Interest',
  INCOME: 'Other income',
  FORK: 'Forks',
};

export function incomeLabel(type: string): string {
  return INCOME_LABELS[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** The transactions list filtered to the year's transactions with one callout (spec 001 §2 `q`). */
export function calloutLink(callout: string, taxYear: number): string {
  const params = new URLSearchParams({ q: `callout:${callout} tax_year:${taxYear}` });
  return `/transactions?${params.toString()}`;
}

/** The year a tax page opens on: the URL's when it is a plausible year, else the current one. */
export function taxYearOf(param: string | undefined, now = new Date()): number {
  const year = param === undefined ? Number.NaN : Number(param);
  return Number.isInteger(year) && year >= 2009 && year <= now.getUTCFullYear() + 1 ? year : now.getUTCFullYear();
}

const TASK_LABELS: Readonly<Record<string, string>> = {
  FIX_API_CREDENTIALS: 'Fix API credentials',
};

export function taskLabel(type: string): string {
  return TASK_LABELS[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** The callouts' counts summed: the tax-readiness sheet's errors. */
export function calloutTotal(counts: CalloutCounts): number {
  return (
    counts.insufficientQuantity + counts.missingBalance + counts.missingPriceHistory + counts.unbalancedTransaction + counts.valueOutOfBounds
  );
}
