import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hydratePrerenderedQueries, queriesScript, seedQueries } from './prerenderedQueries';

describe('prerendered queries', () => {
  it('travel in the page as a script no answer can close, and come back stale', () => {
    const built = new QueryClient();
    const answer = { coinPrices: { items: [{ name: '</script><script>alert(1)</script>' }] } };
    seedQueries(built, [{ queryKey: ['prices', 'page', 'bitcoin'], data: answer }]);
    const script = queriesScript(built);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = `<div id="root"></div>${script}`;

    const browser = new QueryClient();
    hydratePrerenderedQueries(browser, document);
    expect(browser.getQueryData(['prices', 'page', 'bitcoin'])).toEqual(answer);
    // stale even to a hook that keeps its data an hour (the plans'): the browser asks again on mount
    expect(browser.getQueryCache().find({ queryKey: ['prices', 'page', 'bitcoin'] })?.isStaleByTime(60 * 60_000)).toBe(true);
  });

  it('leave a page without them as it is', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const browser = new QueryClient();
    hydratePrerenderedQueries(browser, document);
    expect(browser.getQueryCache().getAll()).toEqual([]);
  });
});
