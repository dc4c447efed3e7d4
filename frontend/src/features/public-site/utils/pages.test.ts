import { describe, expect, it } from 'vitest';
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
    ]) {
      expect(paths).toContain(path);
    }
    for (const page of pages) {
      expect(page.title).not.toBe('');
      expect(page.description).not.toBe('');
    }
  });
});
