import { describe, expect, it } from 'vitest';
import { HELP_CENTER_URL } from './links';
import { prerenderedPages } from './pages';

describe('prerendered pages', () => {
  it('covers the public routes once each, every one with a title and a description', () => {
    const pages = prerenderedPages();
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/home',
      '/features',
      '/plans',
      '/blog',
      '/blog/crypto-tax-guide',
      '/blog/crypto-tax-guide-for-cpas',
      '/calculator',
      '/portfolio-tracker',
      '/learn',
      '/enterprise',
      '/partner/wk',
      '/privacy',
      '/terms',
      '/security',
      '/disclaimer',
      '/about',
      '/careers',
      '/provision/success',
      '/provision/error',
      '/support',
      '/swap',
      '/wallet',
      '/crypto-tax-software',
      '/exchanges',
      '/crypto-wallets',
      '/canada',
      '/uk',
      '/referrals',
      '/promotion/coinbase-one',
      '/coinbaseone',
    ]) {
      expect(paths).toContain(path);
    }
    for (const page of pages) {
      expect(page.title).not.toBe('');
      expect(page.description).not.toBe('');
    }
  });

  it('sends /support to the help centre', () => {
    const support = prerenderedPages().find((page) => page.path === '/support');
    expect(support?.redirect).toBe(HELP_CENTER_URL);
    expect(prerenderedPages().filter((page) => page.redirect)).toHaveLength(1);
  });
});
