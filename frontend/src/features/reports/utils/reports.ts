/** The report types the reports page offers (spec 001 §3), the poll's statuses as the user reads them. */

export interface ReportKind {
  type: string;
  label: string;
}

/** Every type the page generates from a type and a year (the 1099-DA reconciliation has its own panel). */
export const REPORT_KINDS: readonly ReportKind[] = [
  { type: 'FORM_8949', label: 'Form 8949 (PDF)' },
  { type: 'FORM_8949_CONDENSED', label: 'Form 8949, condensed (PDF)' },
  { type: 'FORM_1040_SD', label: 'Schedule D (PDF)' },
  { type: 'FORM_1040_S1', label: 'Schedule 1 income (PDF)' },
  { type: 'CAPITAL_GAINS_CSV', label: 'Capital gains (CSV)' },
  { type: 'CAPITAL_GAINS_TURBOTAX_ONLINE', label: 'TurboTax Online (CSV)' },
  { type: 'CAPITAL_GAINS_TURBOTAX_DESKTOP', label: 'TurboTax Desktop (TXF)' },
  { type: 'CAPITAL_GAINS_TAXACT', label: 'TaxAct (CSV)' },
  { type: 'CAPITAL_GAINS_CCH', label: 'CCH worksheet, Cairn layout (CSV)' },
  { type: 'CA_SCHEDULE_3', label: 'Canada Schedule 3 (CSV)' },
  { type: 'UK_CAPITAL_GAINS_SUMMARY', label: 'UK capital gains summary, SA108 (CSV)' },
  { type: 'TAX_LOTS_CSV', label: 'Tax lots (CSV)' },
  { type: 'LOTS_AS_OF_DATE', label: 'Lots as of a date (CSV)' },
  { type: 'INCOME_BY_MONTH', label: 'Income by category and month (CSV)' },
  { type: 'TRANSACTIONS_CSV', label: 'Transactions (CSV)' },
  { type: 'EXCHANGE_1099_RECONCILIATION', label: '1099-DA reconciliation (PDF)' },
  { type: 'EXCHANGE_1099_RECONCILIATION_CSV', label: '1099-DA reconciliation (CSV)' },
];

export function reportLabel(type: string): string {
  return REPORT_KINDS.find((kind) => kind.type === type)?.label ?? type;
}

/** What the page says while a report is on its way, or why it was not made. */
export const POLL_MESSAGES: Record<string, string> = {
  cost_basis_in_process: 'Waiting for the cost basis calculation to finish…',
  cost_basis_failed: 'The cost basis calculation failed, so the report could not be made. Fix the errors and recalculate.',
  unauthorized: 'This report could not be found.',
  invalid_report_type: 'Cairn does not make this type of report.',
  insufficient_plan: 'Your plan does not include this report.',
  insufficient_tax_plan: 'Your tax plan does not include this report.',
};
/** Why the plan holds a report back (spec 001 §3's blockers; their text is ours). */
export const BLOCKER_MESSAGES: Record<string, string> = {
  NO_REPORTS_IN_FREE_PLAN: 'The Free plan does not include tax reports. Choose a plan to generate them.',
  EXCEEDED_TRANSACTION_LIMIT: 'You have more transactions than your plan covers. Upgrade to generate this report.',
  EXCEEDED_LIFETIME_TRANSACTION_LIMIT: 'Your account holds more transactions than your plan allows. Upgrade to generate this report.',
  NOT_AVAILABLE: 'Your plan does not include this report. Prime and above include it.',
  PAST_DUE: 'The payment of your plan is past due. Settle it to generate reports.',
  TAX_YEAR_NOT_AVAILABLE: 'This tax year is not available yet.',
  NEEDS_EARLY_RENEWAL: 'Renew your plan to generate this report.',
  TAX_FIRM_CLIENTS_NEED_PRIME_AND_ABOVE: 'Clients of a tax firm need Prime or above for this report.',
};

/** Why a report was not started: the plan's blocker, else the status, else the API's message. */
export function refusalMessage(answer: { status: string | null; blocker: string | null; errorMessage: string | null }): string {
  return (
    (answer.blocker ? BLOCKER_MESSAGES[answer.blocker] : null) ??
    (answer.status ? POLL_MESSAGES[answer.status] : null) ??
    answer.errorMessage ??
    NOT_STARTED
  );
}

export const GENERATING = 'Generating the report…';
export const READY = 'Your report is ready.';
export const NOT_MADE = 'The report could not be made.';
export const NOT_STARTED = 'The report could not be started. Try again in a moment.';

/** The report of the lots held at the end of a day: asked for with that day, not a tax year. */
export const LOTS_AS_OF_DATE = 'LOTS_AS_OF_DATE';

/** Today's date as the API's Date reads it (YYYY-MM-DD, UTC). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The first year anyone could hold a crypto asset (Bitcoin's first block, 3 January 2009). */
export const FIRST_REPORT_YEAR = 2009;

/** The years the page offers, newest first: every one from 2009 to the current year, so that any year's
 * report can be made again (the API has no first-transaction year to start from). */
export function reportYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: year - FIRST_REPORT_YEAR + 1 }, (_, index) => year - index);
}

/** Reports made, grouped by tax year, newest year first (the list comes in that order). */
export function byYear<T extends { taxYear: number }>(reports: readonly T[]): [number, T[]][] {
  const groups = new Map<number, T[]>();
  for (const report of reports) groups.set(report.taxYear, [...(groups.get(report.taxYear) ?? []), report]);
  return [...groups.entries()];
}

/** The reconciliation statuses of analytics/reports/reconciliation.py, differences first. */
export const RECONCILIATION_STATUSES = ['Proceeds differ', 'Basis differs', 'Missing in Cairn', 'Missing on the form', 'Matched'] as const;
