import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { notifyJobStarted } from './events';
import { JOB_POLL_MS, pollEvery, useBackoffPolling } from './polling';

interface Snapshot {
  fast: boolean;
}

const KEY = ['polled'];

function renderPolled(queryFn: Mock<() => Snapshot | Promise<Snapshot>>, usePolling: () => ReturnType<typeof pollEvery<Snapshot>>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(
    () => {
      const polling = usePolling();
      return useQuery({ queryKey: KEY, queryFn, ...polling });
    },
    { wrapper },
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const idle = (): Snapshot => ({ fast: false });

describe('useBackoffPolling (status backoff through refetchInterval)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  });
  afterEach(() => vi.useRealTimers());

  const backoff = (fastWhile?: (data: Snapshot | undefined) => boolean) => () => useBackoffPolling<Snapshot>(KEY, { fastWhile });

  it('polls on the backoff schedule', async () => {
    const start = Date.now();
    const times: number[] = [];
    const poll = vi.fn(() => {
      times.push((Date.now() - start) / 1000);
      return idle();
    });
    const { unmount } = renderPolled(poll, backoff());
    await advance(1_000_000);
    // the first load, then cumulative: 5, 15, 25, 40, 70, 130, 430, 730
    expect(times.slice(0, 9)).toEqual([0, 5, 15, 25, 40, 70, 130, 430, 730]);
    unmount();
  });

  it('stops polling when the window loses focus', async () => {
    const poll = vi.fn(idle);
    renderPolled(poll, backoff());
    await advance(5_000);
    expect(poll).toHaveBeenCalledTimes(2);
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    await advance(600_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('restarts at the fastest step when a job starts', async () => {
    const poll = vi.fn(idle);
    renderPolled(poll, backoff());
    await advance(130_000); // 6 polls after the first load, next wait is 5 min
    expect(poll).toHaveBeenCalledTimes(7);
    act(() => notifyJobStarted());
    await advance(5_000);
    expect(poll).toHaveBeenCalledTimes(8);
    await advance(9_999);
    expect(poll).toHaveBeenCalledTimes(8);
    await advance(1);
    expect(poll).toHaveBeenCalledTimes(9);
  });

  it('fetches at once and restarts at the fastest step when the window regains focus', async () => {
    const poll = vi.fn(idle);
    renderPolled(poll, backoff());
    await advance(130_000);
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    await advance(600_000);
    expect(poll).toHaveBeenCalledTimes(7);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(0);
    expect(poll).toHaveBeenCalledTimes(8);
    await advance(5_000);
    expect(poll).toHaveBeenCalledTimes(9);
    await advance(9_999);
    expect(poll).toHaveBeenCalledTimes(9);
    await advance(1);
    expect(poll).toHaveBeenCalledTimes(10);
  });

  it('waits for an async poll before scheduling the next one, and survives failures', async () => {
    let resolvePoll: (value: Snapshot) => void = () => undefined;
    const poll = vi
      .fn<() => Snapshot | Promise<Snapshot>>()
      .mockImplementationOnce(idle)
      .mockImplementationOnce(() => new Promise<Snapshot>((resolve) => (resolvePoll = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('network')))
      .mockImplementation(idle);
    renderPolled(poll, backoff());
    await advance(5_000);
    expect(poll).toHaveBeenCalledTimes(2);
    await advance(60_000);
    expect(poll).toHaveBeenCalledTimes(2); // still waiting on the first poll
    await act(async () => resolvePoll(idle()));
    await advance(10_000);
    expect(poll).toHaveBeenCalledTimes(3); // rejected, but polling goes on
    await advance(10_000);
    expect(poll).toHaveBeenCalledTimes(4);
  });

  it('uses the fastest wait while the data asks for it (freezing in progress)', async () => {
    let fast = true;
    const poll = vi.fn(() => ({ fast }));
    renderPolled(
      poll,
      backoff((data) => data?.fast ?? false),
    );
    await advance(50_000);
    expect(poll).toHaveBeenCalledTimes(11);
    fast = false;
    await advance(5_000); // the wait already scheduled at 5 s
    const calls = poll.mock.calls.length;
    await advance(200_000);
    expect(poll.mock.calls.length - calls).toBeLessThan(5);
  });
});

describe('pollEvery (fixed intervals through refetchInterval)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every interval while the condition holds on the latest data, then stops', async () => {
    let final = false;
    const poll = vi.fn(() => ({ fast: final }));
    renderPolled(poll, () => pollEvery<Snapshot>(JOB_POLL_MS, { while: (data) => !data?.fast, inBackground: true }));
    await advance(3_000);
    expect(poll).toHaveBeenCalledTimes(4);
    final = true;
    await advance(1_000);
    expect(poll).toHaveBeenCalledTimes(5);
    await advance(60_000);
    expect(poll).toHaveBeenCalledTimes(5);
  });
});
