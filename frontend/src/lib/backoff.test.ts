import { describe, expect, it } from 'vitest';
import { backoffDelay, STATUS_BACKOFF_MS } from './backoff';

describe('backoffDelay', () => {
  it('follows 5, 10, 10, 15, 30 s, 1 min, then 5 min repeating', () => {
    const seconds = Array.from({ length: 10 }, (_, step) => backoffDelay(step) / 1000);
    expect(seconds).toEqual([5, 10, 10, 15, 30, 60, 300, 300, 300, 300]);
    expect(STATUS_BACKOFF_MS).toHaveLength(7);
  });
});
