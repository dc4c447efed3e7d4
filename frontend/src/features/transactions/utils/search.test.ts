import { describe, expect, it } from 'vitest';
import { describeToken, filterTokens, needsReviewForYear, searchFromParams, toggleToken, withToken, withoutToken } from './search';

describe('transactions search', () => {
  it('adds, removes and toggles filter tokens without touching the words', () => {
    expect(withToken('btc', 'has:review')).toBe('btc has:review');
    expect(withToken('btc has:review', 'has:review')).toBe('btc has:review');
    expect(withoutToken('btc has:review wallet:4', 'has:review')).toBe('btc wallet:4');
    expect(toggleToken('is:uncategorized', 'is:uncategorized')).toBe('');
    expect(filterTokens('btc has:review wallet:4')).toEqual(['has:review', 'wallet:4']);
  });

  it("folds the spec's asset filters given as query parameters into the search", () => {
    expect(searchFromParams(new URLSearchParams('q=has:review&asset_id=crypto_BTC&nft_id=nft_1'))).toBe(
      'has:review asset_id:crypto_BTC nft_id:nft_1',
    );
  });

  it('opens a tax year to review from Jan 1 to Dec 31', () => {
    expect(needsReviewForYear(2024)).toBe('/transactions?q=has%3Areview+from%3A2024-01-01+to%3A2024-12-31');
  });

  it('names each chip', () => {
    const names = (id: string) => (id === '4' ? 'Cold' : undefined);
    const chips = ['has:review', 'is:uncategorized', 'wallet:4', 'wallet:9', 'crypto_id:crypto_ETH', 'from:2024-01-01'];
    expect([...chips, 'callout:INSUFFICIENT_QUANTITY', 'tax_year:2023'].map((t) => describeToken(t, names))).toEqual([
      'Needs review',
      'Uncategorized',
      'Wallet: Cold',
      'Wallet: 9',
      'Asset: ETH',
      'From 2024-01-01',
      'Callout: Insufficient quantity',
      'Tax year 2023',
    ]);
  });
});
