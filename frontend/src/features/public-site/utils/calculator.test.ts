import { describe, expect, it } from 'vitest';
import { invalidFields, tradeProfit } from './calculator';

describe('tradeProfit', () => {
  it('sums exactly where floats would not', () => {
    expect(tradeProfit({ quantity: '3', buyPrice: '0.1', sellPrice: '0.2', fees: '0' })).toEqual({
      cost: '0.3',
      proceeds: '0.6',
      profit: '0.3',
      returnPercent: '100',
    });
  });

  it('takes fees into the cost and can lose', () => {
    const result = tradeProfit({ quantity: '0.5', buyPrice: '30000', sellPrice: '25000', fees: '12.5' });
    expect(result).toEqual({ cost: '15012.5', proceeds: '12500', profit: '-2512.5', returnPercent: '-16.74' });
  });

  it('rounds the return half away from zero', () => {
    expect(tradeProfit({ quantity: '1', buyPrice: '8', sellPrice: '9.001', fees: '0' })?.returnPercent).toBe('12.51');
    expect(tradeProfit({ quantity: '1', buyPrice: '8', sellPrice: '6.999', fees: '0' })?.returnPercent).toBe('-12.51');
  });

  it('has no return on a zero cost', () => {
    expect(tradeProfit({ quantity: '1', buyPrice: '0', sellPrice: '5', fees: '0' })?.returnPercent).toBeNull();
  });

  it('refuses blank, negative and non-numeric fields', () => {
    const input = { quantity: '', buyPrice: '-1', sellPrice: 'abc', fees: '1' };
    expect(invalidFields(input)).toEqual(['quantity', 'buyPrice', 'sellPrice']);
    expect(tradeProfit(input)).toBeNull();
  });
});
