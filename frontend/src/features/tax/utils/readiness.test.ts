import { describe, expect, it } from 'vitest';
import { allChecked, currentStep, errorPercentage, errorsText, stepsChecked, withStep } from './readiness';

const counts = { errorsCount: 0, syncIssuesCount: 0, walletsCount: 2, transactionCount: 100 };

describe('tax readiness', () => {
  it('checks step 2 without sync issues and step 3 without errors, until the user says otherwise', () => {
    expect(stepsChecked({}, counts)).toEqual([false, true, true, false]);
    expect(stepsChecked({}, { ...counts, syncIssuesCount: 1, errorsCount: 4 })).toEqual([false, false, false, false]);
    expect(stepsChecked({ syncWalletsCheckedByUser: false }, counts)).toEqual([false, false, true, false]);
    expect(stepsChecked({ optimizeTaxSavingsCheckedByUser: true }, { ...counts, errorsCount: 4 })[2]).toBe(true);
  });

  it('is on the first unchecked step, or on step 4 when all are checked', () => {
    expect(currentStep([false, true, true, false])).toBe(1);
    expect(currentStep([true, true, false, false])).toBe(3);
    expect(currentStep([true, true, true, true])).toBe(4);
    expect(stepsChecked(withStep({}, 1, true), counts)).toEqual([true, true, true, false]);
    expect(stepsChecked(allChecked(), { ...counts, errorsCount: 3, syncIssuesCount: 1 })).toEqual([true, true, true, true]);
  });

  it('shows errors as a share of the transactions, at least 3 %, and "some" above 10', () => {
    expect(errorPercentage(0, 100)).toBe(0);
    expect(errorPercentage(1, 1000)).toBe(3);
    expect(errorPercentage(25, 100)).toBe(25);
    expect(errorsText(10)).toBe('10');
    expect(errorsText(11)).toBe('some');
  });
});
