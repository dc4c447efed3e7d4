import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createBackoffScheduler, STATUS_BACKOFF_MS } from './backoff';

describe('backoffDelay', () => {
  it('follows 5, 10, 10, 15, 30 s, 1 min, then 5 min repeating', () => {
    const seconds = Array.from({ length: 10 }, (_, step) => backoffDelay(step) / 1000);
    expect(seconds).toEqual([5, 10, 10, 15, 30, 60, 300, 300, 300, 300]);
    expect(STATUS_BACKOFF_MS).toHaveLength(7);
  });
});

describe('createBackoffScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function tickTimes(onTick: ReturnType<typeof vi.fn>, totalMs: number): Promise<number[]> {
    const times: number[] = [];
    const start = Date.now();
    onTick.mockImplementation(() => {
      times.push((Date.now() - start) / 1000);
    });
    await vi.advanceTimersByTimeAsync(totalMs);
    return times;
  }

  it('polls on the backoff schedule', async () => {
    const onTick = vi.fn();
    const scheduler = createBackoffScheduler({ onTick });
    scheduler.restart();
    const times = await tickTimes(onTick, 1_000_000);
    // cumulative: 5, 15, 25, 40, 70, 130, 430, 730
    expect(times.slice(0, 8)).toEqual([5, 15, 25, 40, 70, 130, 430, 730]);
    scheduler.stop();
  });

  it('stops polling when stopped (window lost focus)', async () => {
    const onTick = vi.fn();
    const scheduler = createBackoffScheduler({ onTick });
    scheduler.restart();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onTick).toHaveBeenCalledTimes(1);
    scheduler.stop();
    expect(scheduler.running).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it('restarts at the fastest step (focus regained or a job started)', async () => {
    const onTick = vi.fn();
    const scheduler = createBackoffScheduler({ onTick });
    scheduler.restart();
    await vi.advanceTimersByTimeAsync(130_000); // 6 polls, next wait is 5 min
    expect(onTick).toHaveBeenCalledTimes(6);
    scheduler.restart();
    expect(scheduler.step).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onTick).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(onTick).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(onTick).toHaveBeenCalledTimes(8);
    scheduler.stop();
  });

  it('waits for an async tick before scheduling the next one, and survives failures', async () => {
    let resolveTick: () => void = () => undefined;
    const onTick = vi
      .fn()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (resolveTick = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('network')))
      .mockImplementation(() => undefined);
    const scheduler = createBackoffScheduler({ onTick });
    scheduler.restart();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onTick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTick).toHaveBeenCalledTimes(1); // still waiting on the first tick
    resolveTick();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onTick).toHaveBeenCalledTimes(2); // rejected, but polling goes on
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onTick).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });

  it('uses the fastest wait while in fast mode', async () => {
    const onTick = vi.fn();
    const scheduler = createBackoffScheduler({ onTick });
    scheduler.restart();
    scheduler.setFast(true);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(onTick).toHaveBeenCalledTimes(10);
    scheduler.setFast(false);
    await vi.advanceTimersByTimeAsync(5_000); // the wait already scheduled at 5 s
    const calls = onTick.mock.calls.length;
    await vi.advanceTimersByTimeAsync(200_000);
    expect(onTick.mock.calls.length - calls).toBeLessThan(5);
    scheduler.stop();
  });
});
