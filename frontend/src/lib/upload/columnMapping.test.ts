import { describe, expect, it } from 'vitest';
import { EMPTY_CHOICE, mappingInput } from './columnMapping';

describe('mappingInput', () => {
  it('needs a date column', () => {
    expect(mappingInput({ ...EMPTY_CHOICE, receivedQuantity: 1 })).toBeNull();
  });

  it('sends the chosen columns only, with the date format and decimal separator', () => {
    const choice = { ...EMPTY_CHOICE, date: 0, receivedQuantity: 2, receivedCurrency: 3, id: 0, dateFormat: 'DAY_FIRST' as const };
    expect(mappingInput(choice)).toEqual({
      date: 0,
      dateFormat: 'DAY_FIRST',
      decimalSeparator: 'AUTOMATIC',
      receivedQuantity: 2,
      receivedCurrency: 3,
      id: 0,
    });
  });

  it('sends a signed amount column and a chosen decimal comma', () => {
    const choice = { ...EMPTY_CHOICE, date: 0, signedQuantity: 1, signedCurrency: 2, decimalSeparator: 'COMMA' as const };
    expect(mappingInput(choice)).toEqual({ date: 0, dateFormat: 'DETECT', decimalSeparator: 'COMMA', signedQuantity: 1, signedCurrency: 2 });
  });
});
