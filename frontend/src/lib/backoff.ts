/**
 * Status polling backoff (spec 000 §4 "Status polling backoff"): waits of 5, 10, 10, 15, 30 s,
 * then 1 min, then 5 min repeating. `useBackoffPolling` (./polling) applies it.
 */

export const STATUS_BACKOFF_MS: readonly number[] = [5_000, 10_000, 10_000, 15_000, 30_000, 60_000, 300_000];

/** The wait before poll number `step` (0-based); the last wait repeats. */
export function backoffDelay(step: number, delays: readonly number[] = STATUS_BACKOFF_MS): number {
  if (step < 0) return delays[0];
  return delays[Math.min(step, delays.length - 1)];
}
