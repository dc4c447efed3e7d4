/** The universal → per-wallet migration's messages and limits (spec 001 §4, §8, §9); the allocation
 * methods and their meanings come from the API. */

/** The poll runs every 2 s and gives up after 1500 polls (spec 001 §9). */
export const MIGRATION_POLL_MS = 2_000;
export const MIGRATION_MAX_POLLS = 1_500;

/** Spec 001 §8. */
export const START_FAILED = 'There was an error while starting the universal to per-wallet migration.';
export const POLL_TIMED_OUT = 'Failed to migrate from universal to per-wallet, please try again later.';
