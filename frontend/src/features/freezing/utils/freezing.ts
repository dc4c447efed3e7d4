/** Freezing a tax year (spec 001 §4, §8): the states a year's status takes, as the tax page reads them. */

export const FREEZING_ERROR_MESSAGE =
  "We weren't able to freeze (or unfreeze) your transactions. Please try again later or contact us if you continue to experience problems.";

/** How often a year's status is read while it is being frozen or unfrozen. */
export const FREEZING_POLL_MS = 2_000;

export type YearFreezing = 'unfrozen' | 'frozen' | 'freezing' | 'unfreezing';

/** Accepts both spellings of the spec (freezing_in_progress and FreezingInProgress); a failed freeze
 * leaves the year unfrozen, a failed unfreeze frozen. */
export function yearFreezing(status: string | null | undefined): YearFreezing {
  const key = (status ?? '').replace(/_/g, '').toLowerCase();
  if (key === 'freezinginprogress') return 'freezing';
  if (key === 'unfreezinginprogress') return 'unfreezing';
  if (key === 'frozen' || key === 'erroredwithfrozenperiods') return 'frozen';
  return 'unfrozen';
}

export function isErrored(status: string | null | undefined): boolean {
  return (status ?? '').replace(/_/g, '').toLowerCase().startsWith('erroredwith');
}

export function inProgress(status: string | null | undefined): boolean {
  const phase = yearFreezing(status);
  return phase === 'freezing' || phase === 'unfreezing';
}
