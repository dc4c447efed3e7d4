import { describe, expect, it } from 'vitest';
import { assetLabel } from './assetLabel';

describe('assetLabel', () => {
  it('shows ETH2 as Staked ETH and any other symbol as is', () => {
    expect(assetLabel('ETH2')).toBe('Staked ETH');
    expect(assetLabel('eth2')).toBe('Staked ETH');
    expect(assetLabel('ETH')).toBe('ETH');
  });
});
