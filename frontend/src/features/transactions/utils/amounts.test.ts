import { describe, expect, it } from 'vitest';
import { isPositiveAmount } from './amounts';

describe('amounts', () => {
  it('accepts positive plain decimals only', () => {
    expect(['1', '1250.50', '0.00000001'].map(isPositiveAmount)).toEqual([true, true, true]);
    expect(['', '0', '0.00', '-5', '1e3', '1,000', 'abc', '.5'].map(isPositiveAmount)).toEqual([false, false, false, false, false, false, false, false]);
  });
});
