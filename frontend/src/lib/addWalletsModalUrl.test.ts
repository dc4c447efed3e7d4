import { describe, expect, it } from 'vitest';
import { closeModal, readModalSelection, selectIntegration } from './addWalletsModalUrl';

describe('modal URL state', () => {
  it('reads and writes add_integration, csv, t and public_keys', () => {
    expect(readModalSelection(new URLSearchParams(''))).toMatchObject({ open: false });
    expect(readModalSelection(new URLSearchParams('add_integration='))).toMatchObject({ open: true, slug: null });
    expect(readModalSelection(new URLSearchParams('add_integration=binance-us_exchange&csv=true'))).toEqual({
      open: true,
      slug: 'binance-us',
      category: 'exchange',
      csvTab: true,
    });
    expect(readModalSelection(new URLSearchParams('t=csv'))).toMatchObject({ open: true, slug: 'csv', csvTab: true });
    expect(readModalSelection(new URLSearchParams('t=kraken&csv=true'))).toMatchObject({ slug: 'kraken', csvTab: true });
    expect(selectIntegration(new URLSearchParams('x=1'), 'kraken', 'Exchange').toString()).toBe('x=1&add_integration=kraken_exchange');
    expect(closeModal(new URLSearchParams('x=1&add_integration=a_b&public_keys=k&csv=true&t=csv')).toString()).toBe('x=1');
  });
});
