import { describe, expect, it } from 'vitest';
import { changeDirection, formatChange } from './change';

describe('formatChange', () => {
  it('signs the percent with two fraction digits', () => {
    expect(formatChange('1.2345')).toBe('+1.23%');
    expect(formatChange('-0.5')).toBe('-0.50%');
    expect(formatChange('0')).toBe('0.00%');
  });

  it('shows a dash when the change is unknown', () => {
    expect(formatChange(null)).toBe('—');
    expect(formatChange('not a number')).toBe('—');
  });
});

describe('changeDirection', () => {
  it('reads the balance directions of the spec', () => {
    expect(changeDirection('2.5')).toBe('up');
    expect(changeDirection('-0.01')).toBe('down');
    expect(changeDirection('0.0000')).toBe('still');
    expect(changeDirection(null)).toBe('still');
  });
});
