import { describe, expect, it } from 'vitest';
import { inProgress, isErrored, yearFreezing } from '@/features/freezing/utils/freezing';

describe('a year’s freezing status', () => {
  it('reads both spellings of the spec', () => {
    expect(yearFreezing('freezing_in_progress')).toBe('freezing');
    expect(yearFreezing('FreezingInProgress')).toBe('freezing');
    expect(yearFreezing('unfreezing_in_progress')).toBe('unfreezing');
    expect(yearFreezing('UnfreezingInProgress')).toBe('unfreezing');
    expect(yearFreezing('frozen')).toBe('frozen');
    expect(yearFreezing('unfrozen')).toBe('unfrozen');
    expect(yearFreezing(null)).toBe('unfrozen');
  });

  it('leaves a failed freeze unfrozen and a failed unfreeze frozen', () => {
    expect(yearFreezing('errored_with_unfrozen_periods')).toBe('unfrozen');
    expect(yearFreezing('ErroredWithFrozenPeriods')).toBe('frozen');
    expect(isErrored('errored_with_frozen_periods')).toBe(true);
    expect(isErrored('frozen')).toBe(false);
  });

  it('is in progress only while freezing or unfreezing', () => {
    expect(inProgress('freezing_in_progress')).toBe(true);
    expect(inProgress('UnfreezingInProgress')).toBe(true);
    expect(inProgress('frozen')).toBe(false);
    expect(inProgress('errored_with_unfrozen_periods')).toBe(false);
  });
});
