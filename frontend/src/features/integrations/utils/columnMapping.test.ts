import { describe, expect, it } from 'vitest';
import { EMPTY_CHOICE, mappingInput } from './columnMapping';

describe('mappingInput', () => {
  it('needs a date column', () => {
    expect(mappingInput({ ...EMPTY_CHOICE, receivedQuantity: 1 })).toBeNull();
  });

  it('sends the chosen columns only, with the date format', () => {
    const choice = { ...EMPTY_CHOICE, date: 0, receivedQuantity: 2, receivedCurrency: 3, id: 0, dateFormat: 'DAY_FIRST' as const };
    expect(mappingInput(choice)).toEqual({ date: 0, dateFormat: 'DAY_FIRST', receivedQuantity: 2, receivedCurrency: 3, id: 0 });
  });
});
