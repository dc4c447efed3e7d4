/**
 * Status polling backoff (spec 000 §4 "Status polling backoff"): waits of 5, 10, 10, 15, 30 s,
 * then 1 min, then 5 min repeating. Restarts at the fastest step when the window regains focus
 * or a job starts; stops when the window loses focus.
 */

export const STATUS_BACKOFF_MS: readonly number[] = [5_000, 10_000, 10_000, 15_000, 30_000, 60_000, 300_000];

/** The wait before poll number `step` (0-based); the last wait repeats. */
export function backoffDelay(step: number, delays: readonly number[] = STATUS_BACKOFF_MS): number {
  if (step < 0) return delays[0];
  return delays[Math.min(step, delays.length - 1)];
}

export interface BackoffScheduler {
  /** Start (or restart) from the fastest step. */
  restart(): void;
  /** Stop polling until the next restart. */
  stop(): void;
  /** When on, every wait is the fastest one (e.g. while freezing is in progress). */
  setFast(fast: boolean): void;
  readonly running: boolean;
  readonly step: number;
}

export interface BackoffOptions {
  onTick: () => unknown;
  delays?: readonly number[];
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createBackoffScheduler({
  onTick,
  delays = STATUS_BACKOFF_MS,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: BackoffOptions): BackoffScheduler {
  let step = 0;
  let running = false;
  let fast = false;
  let handle: unknown = null;
  let generation = 0;

  const clear = () => {
    if (handle !== null) clearTimer(handle);
    handle = null;
  };

  const schedule = () => {
    clear();
    const mine = generation;
    const wait = fast ? delays[0] : backoffDelay(step, delays);
    handle = setTimer(() => {
      handle = null;
      void Promise.resolve()
        .then(onTick)
        .catch(() => undefined)
        .then(() => {
          if (!running || mine !== generation) return;
          step += 1;
          schedule();
        });
    }, wait);
  };

  return {
    restart() {
      generation += 1;
      running = true;
      step = 0;
      schedule();
    },
    stop() {
      generation += 1;
      running = false;
      clear();
    },
    setFast(value) {
      if (fast === value) return;
      fast = value;
      if (running && value) {
        generation += 1;
        schedule();
      }
    },
    get running() {
      return running;
    },
    get step() {
      return step;
    },
  };
}
