/**
 * The build's server entry (vite build --ssr): renders a public page to HTML for scripts/prerender.mjs,
 * waiting for its lazy chunks, so a search engine reads the page's content without running JavaScript.
 * A page that asks for data is rendered with the answers `cairn site data` wrote for it.
 */
import { hashKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App';
import type { CoinPricePageQuery } from './gql/graphql';
import { coinPageMeta, PRICES_VIEWS } from './features/prices/utils/views';
import { prerenderedPages as publicSitePages, type PrerenderedPage } from './features/public-site/utils/pages';
import { createQueryClient } from './lib/queryClient';
import { queriesScript, seedQueries, type PrerenderedQuery, type SiteData } from './lib/prerenderedQueries';
import { queryKeys } from './lib/queryKeys';

export { fullTitle } from './features/public-site/utils/meta';

const COIN_PAGE = /^\/price\/([^/]+)$/;

/** /price/{slug} for every coin `cairn site data` answered for, and /price/{symbol} sending to it. */
function coinPages(data: SiteData): PrerenderedPage[] {
  return Object.entries(data).flatMap(([path, queries]) => {
    const slug = COIN_PAGE.exec(path)?.[1];
    const wanted = slug === undefined ? null : hashKey(queryKeys.coinPricePage(slug));
    const answer = queries.find((query) => hashKey(query.queryKey) === wanted)?.data as CoinPricePageQuery | undefined;
    const coin = answer?.coinPricePage?.coin;
    if (!coin) return [];
    const meta = coinPageMeta(coin);
    const symbolPath = `/price/${coin.symbol.toLowerCase()}`;
    return [{ path, ...meta }, ...(symbolPath in data ? [] : [{ path: symbolPath, ...meta, redirect: path }])];
  });
}

/** Every public page written to <dist>/<path>/index.html: the public site's, the price lists and the coins'. */
export function prerenderedPages(data: SiteData): PrerenderedPage[] {
  return [
    ...publicSitePages(),
    ...Object.values(PRICES_VIEWS).map(({ path, title, description }) => ({ path, title, description })),
    { path: '/coins', title: PRICES_VIEWS['market-cap'].title, description: PRICES_VIEWS['market-cap'].description },
    ...coinPages(data),
  ];
}

/** The page's markup, and the script carrying its queries' data when it has any. */
export async function renderPage(path: string, queries: readonly PrerenderedQuery[] = []): Promise<{ html: string; script: string }> {
  const queryClient = createQueryClient();
  seedQueries(queryClient, queries);
  const { prelude } = await prerender(
    <StrictMode>
      <App location={path} queryClient={queryClient} />
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), script: queries.length ? queriesScript(queryClient) : '' };
}
