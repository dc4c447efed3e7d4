import { describe, expect, it } from 'vitest';

import { FIRST_REPORT_YEAR, reportYears } from '@/features/reports/utils/reports';

describe('reportYears', () => {
  it('offers every year from 2009 to the current one, newest first', () => {
    const years = reportYears(new Date('2026-03-01T12:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(FIRST_REPORT_YEAR);
    expect(years).toHaveLength(2026 - 2009 + 1);
    expect(years).toContain(2013);
    expect(years.every((year, index) => index === 0 || years[index - 1] === year + 1)).toBe(true);
  });
});
