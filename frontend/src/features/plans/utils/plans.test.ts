import { describe, expect, it } from 'vitest';
import { barWidth, checkoutPath, planPrice, transactionLimit } from './plans';

describe('plan wording', () => {
  it('prices, limits and the bar', () => {
    expect(planPrice('0')).toBe('Free');
    expect(planPrice('199')).toBe('$199.00 per tax year');
    expect(transactionLimit(null)).toBe('Unlimited transactions');
    expect(transactionLimit(10000)).toBe('Up to 10,000 transactions');
    expect(barWidth('160')).toBe('100%');
    expect(barWidth('40')).toBe('40%');
    expect(checkoutPath('BASE_PLUS')).toBe('/subscription/checkout?plan=BASE_PLUS');
  });
});
