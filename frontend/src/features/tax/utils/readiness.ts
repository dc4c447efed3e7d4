/**
 * The tax-readiness sheet's rules (spec 001 §3 local state, §4, §9): four steps, each checked by the
 * user, except that "Get in sync" counts as checked when there are no sync issues and "Optimize tax
 * savings" when there are no errors, until the user says otherwise. What the user checked is kept in
 * local storage, which sign-out clears (lib/session.ts).
 */

import { TAX_READINESS_STORAGE_KEY } from '@/lib/session';

export const READINESS_STEPS = ['Gather crypto', 'Get in sync', 'Optimize tax savings', 'Generate forms'] as const;

/** What the user checked; undefined: never touched (the step's default applies). */
export interface ReadinessChecks {
  addWalletsCheckedByUser?: boolean;
  syncWalletsCheckedByUser?: boolean;
  optimizeTaxSavingsCheckedByUser?: boolean;
  reviewTaxFormsCheckedByUser?: boolean;
}

export interface ReadinessCounts {
  errorsCount: number;
  syncIssuesCount: number;
  walletsCount: number;
  transactionCount: number;
}

const KEYS = [
  'addWalletsCheckedByUser',
  'syncWalletsCheckedByUser',
  'optimizeTaxSavingsCheckedByUser',
  'reviewTaxFormsCheckedByUser',
] as const satisfies readonly (keyof ReadinessChecks)[];

/** Whether each of the four steps is checked. */
export function stepsChecked(checks: ReadinessChecks, counts: ReadinessCounts): boolean[] {
  const defaults = [false, counts.syncIssuesCount === 0, counts.errorsCount === 0, false];
  return KEYS.map((key, index) => checks[key] ?? defaults[index]);
}

/** The current step, 1 to 4: the first unchecked, or 4 when all are checked. */
export function currentStep(checked: boolean[]): number {
  const first = checked.indexOf(false);
  return first < 0 ? 4 : first + 1;
}

/** The checks with step `step` (1 to 4) set to `value`. */
export function withStep(checks: ReadinessChecks, step: number, value: boolean): ReadinessChecks {
  return { ...checks, [KEYS[step - 1]]: value };
}

export function allChecked(): ReadinessChecks {
  return Object.fromEntries(KEYS.map((key) => [key, true])) as ReadinessChecks;
}

/** Spec 001 §9: errors as a share of the transactions, at least 3 % when there are any. */
export function errorPercentage(errors: number, transactions: number): number {
  if (errors <= 0) return 0;
  const share = transactions > 0 ? (errors / transactions) * 100 : 100;
  return Math.min(100, Math.max(3, Math.round(share)));
}

/** How the sheet names the errors: their number, or 'some' above 10 (spec 001 §9). */
export function errorsText(errors: number): string {
  if (errors > 10) return 'some';
  return String(errors);
}

export function loadChecks(): ReadinessChecks {
  try {
    const stored = window.localStorage.getItem(TAX_READINESS_STORAGE_KEY);
    return stored ? (JSON.parse(stored) as ReadinessChecks) : {};
  } catch {
    return {};
  }
}

export function saveChecks(checks: ReadinessChecks): void {
  window.localStorage.setItem(TAX_READINESS_STORAGE_KEY, JSON.stringify(checks));
}
