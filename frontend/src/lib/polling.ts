/**
 * Every poll of the app is a TanStack Query `refetchInterval`, built here:
 * - `pollEvery(ms, { while })`: a fixed interval while a condition on the data holds (job statuses
 *   every 1 s until final, account lists every 5 s while syncing);
 * - `useBackoffPolling(queryKey, { fastWhile })`: the status backoff (spec 000 §4), restarted at the
 *   fastest step when the window regains focus or a job starts, stopped while the window is unfocused.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { backoffDelay, STATUS_BACKOFF_MS } from './backoff';
import { onJobStarted } from './events';

/** Job statuses (CSV validation, CSV import) are polled every second until final. */
export const JOB_POLL_MS = 1_000;
/** Account lists refresh every 5 s while any of their accounts is syncing. */
export const SYNCING_POLL_MS = 5_000;

/** What a refetchInterval reads of its query. */
interface PolledQuery<TData> {
  state: { data: TData | undefined; dataUpdateCount: number; errorUpdateCount: number };
}

/** Spread into useQuery options. */
export interface Polling<TData> {
  refetchInterval: (query: PolledQuery<TData>) => number | false;
  refetchIntervalInBackground: boolean;
}

interface FixedPolling<TData> {
  /** Polls only while this holds for the latest data (always when omitted). */
  while?: (data: TData | undefined) => boolean;
  /** Keep polling while the tab is hidden (jobs the user is waiting on). */
  inBackground?: boolean;
}

export function pollEvery<TData>(ms: number, { while: active = () => true, inBackground = false }: FixedPolling<TData> = {}): Polling<TData> {
  return {
    refetchInterval: (query) => (active(query.state.data) ? ms : false),
    refetchIntervalInBackground: inBackground,
  };
}

function completedFetches(state: PolledQuery<unknown>['state']): number {
  return state.dataUpdateCount + state.errorUpdateCount;
}

function windowFocused(): boolean {
  return typeof document.hasFocus !== 'function' || document.hasFocus();
}

/**
 * The status backoff: the wait after each completed fetch follows STATUS_BACKOFF_MS, counted from
 * the last restart (mount, window focus with an immediate fetch, or a job started). `fastWhile`
 * keeps the fastest wait (freezing or unfreezing in progress). Nothing is fetched while unfocused.
 */
export function useBackoffPolling<TData>(
  queryKey: QueryKey,
  { fastWhile = () => false }: { fastWhile?: (data: TData | undefined) => boolean } = {},
): Polling<TData> {
  const queryClient = useQueryClient();
  const [focused, setFocused] = useState(windowFocused);
  // A restart re-renders, so useQuery gets new options and recomputes the interval at once.
  const [, setRestarts] = useState(0);
  /** Completed fetches of the query when the current run started (the step is counted from there). */
  const runStart = useRef<number | null>(null);
  const key = useRef(queryKey);
  const fast = useRef(fastWhile);
  useEffect(() => {
    key.current = queryKey;
    fast.current = fastWhile;
  });

  useEffect(() => {
    /** A new run from the fastest step; a fetch under way or about to start opens it rather than counting as a step. */
    const restart = (fetchComing: boolean) => {
      const state = queryClient.getQueryState(key.current);
      const completed = state ? completedFetches(state) : 0;
      runStart.current = completed + (fetchComing || state?.fetchStatus === 'fetching' ? 1 : 0);
      setRestarts((count) => count + 1);
    };
    restart(!queryClient.getQueryState(key.current)?.dataUpdateCount);
    const onFocus = () => {
      setFocused(true);
      void queryClient.refetchQueries({ queryKey: key.current });
      restart(true);
    };
    const onBlur = () => setFocused(false);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') setFocused(false);
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', onVisibility);
    const offJob = onJobStarted(() => restart(false));
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisibility);
      offJob();
    };
  }, [queryClient]);

  return {
    refetchInterval: (query) => {
      if (!focused) return false;
      if (fast.current(query.state.data)) return STATUS_BACKOFF_MS[0];
      return backoffDelay(completedFetches(query.state) - (runStart.current ?? completedFetches(query.state)));
    },
    refetchIntervalInBackground: false,
  };
}
