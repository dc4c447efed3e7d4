/**
 * The build's server entry (vite build --ssr): renders a public page to HTML for scripts/prerender.mjs,
 * waiting for its lazy chunks, so a search engine reads the page's content without running JavaScript.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App';
import { PRICES_VIEWS } from './features/prices/utils/views';
import { prerenderedPages as publicSitePages, type PrerenderedPage } from './features/public-site/utils/pages';

export { fullTitle } from './features/public-site/utils/meta';

/** Every public page written to <dist>/<path>/index.html: the public site's and the price lists. */
export function prerenderedPages(): PrerenderedPage[] {
  return [
    ...publicSitePages(),
    ...Object.values(PRICES_VIEWS).map(({ path, title, description }) => ({ path, title, description })),
    { path: '/coins', title: PRICES_VIEWS['market-cap'].title, description: PRICES_VIEWS['market-cap'].description },
    
  ];
}

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <App location={path} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
