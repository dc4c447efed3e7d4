import { useEffect, useRef } from 'react';
import { createBackoffScheduler, type BackoffScheduler } from '@/lib/backoff';
import { onJobStarted } from '@/lib/events';

/**
 * Polls with the status backoff while the window is focused: restarts at the fastest step when
 * the window regains focus or a job starts, stops when the window loses focus. `fast` keeps the
 * fastest wait (freezing or unfreezing in progress).
 */
export function useStatusPolling(poll: () => unknown, { fast = false }: { fast?: boolean } = {}): void {
  const pollRef = useRef(poll);
  const schedulerRef = useRef<BackoffScheduler | null>(null);
  useEffect(() => {
    pollRef.current = poll;
  });

  useEffect(() => {
    const scheduler = createBackoffScheduler({ onTick: () => pollRef.current() });
    schedulerRef.current = scheduler;
    if (typeof document.hasFocus !== 'function' || document.hasFocus()) scheduler.restart();
    const onFocus = () => {
      void pollRef.current();
      scheduler.restart();
    };
    const onBlur = () => scheduler.stop();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') scheduler.stop();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', onVisibility);
    const offJob = onJobStarted(() => scheduler.restart());
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisibility);
      offJob();
      scheduler.stop();
      schedulerRef.current = null;
    };
  }, []);

  useEffect(() => {
    schedulerRef.current?.setFast(fast);
  }, [fast]);
}
