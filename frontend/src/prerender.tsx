/**
 * The build's server entry (vite build --ssr): renders a public page to HTML for scripts/prerender.mjs,
 * waiting for its lazy chunks, so a search engine reads the page's content without running JavaScript.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App';

export { prerenderedPages } from './features/public-site/utils/pages';
export { fullTitle } from './features/public-site/utils/meta';

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <App location={path} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
