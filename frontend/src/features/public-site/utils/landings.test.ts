import { describe, expect, it } from 'vitest';
import { catalogueEntries } from './catalogue';
import { LANDINGS, landingAt } from './landings';
import { swapPair } from './swap';

describe('landing pages', () => {
  it('cover tax software, exchanges, wallets, Canada, UK, referrals and the Coinbase One promotion', () => {
    expect(LANDINGS.map((landing) => landing.path)).toEqual([
      '/crypto-tax-software',
      '/exchanges',
      '/crypto-wallets',
      '/canada',
      '/uk',
      '/referrals',
      '/promotion/coinbase-one',
    ]);
    expect(landingAt('/coinbaseone')).toBe(landingAt('/promotion/coinbase-one'));
    expect(landingAt('/referrals')?.heading).toBe('Earn up to $500');
    expect(landingAt('/wallets')).toBeUndefined();
  });
});

describe('swap pairs', () => {
  it('reads from-to and from-to-to, upper-cased', () => {
    expect(swapPair('btc-eth')).toEqual({ from: 'BTC', to: 'ETH' });
    expect(swapPair('sol-to-usdc/')).toEqual({ from: 'SOL', to: 'USDC' });
  });

  it('is no pair for anything else', () => {
    for (const splat of [undefined, '', 'btc', 'btc-btc', 'btc-eth-sol', '<b>-eth']) {
      expect(swapPair(splat)).toBeNull();
    }
  });
});

describe('the catalogue directory', () => {
  const entries = [
    { slug: 'kraken', name: 'Kraken', category: 'Exchange' },
    { slug: 'ethereum', name: 'Ethereum', category: 'Blockchain' },
    { slug: 'ethereum', name: 'Ethereum', category: 'Wallet' },
  ];

  it('lists everything by name, or one category', () => {
    expect(catalogueEntries(entries).map((entry) => `${entry.name}/${entry.category}`)).toEqual([
      'Ethereum/Blockchain',
      'Ethereum/Wallet',
      'Kraken/Exchange',
    ]);
    expect(catalogueEntries(entries, 'Wallet').map((entry) => entry.name)).toEqual(['Ethereum']);
  });
});
