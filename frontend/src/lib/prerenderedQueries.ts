/**
 * The query data a public page was prerendered with (`cairn site data`, scripts/prerender.mjs), carried in
 * the page's HTML so the browser's first render matches it and hydration keeps the server's markup.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** One query of a page as `cairn site data` writes it: the hook's key and the operation's answer. */
export interface PrerenderedQuery {
  readonly queryKey: QueryKey;
  readonly data: unknown;
}

/** Page path → its queries: the file `cairn site data --out` writes. */
export type SiteData = Readonly<Record<string, readonly PrerenderedQuery[]>>;

export const PRERENDERED_QUERIES_ID = 'prerendered-queries';

/** Build-time answers are stale at once, so the browser asks for today's when the page mounts. */
export function seedQueries(client: QueryClient, queries: readonly PrerenderedQuery[]): void {
  for (const { queryKey, data } of queries) client.setQueryData(queryKey, data, { updatedAt: 0 });
}

/** The client's queries as a JSON script tag; `<` is escaped so no string in them can close the tag. */
export function queriesScript(client: QueryClient): string {
  const json = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
  return `<script id="${PRERENDERED_QUERIES_ID}" type="application/json">${json}</script>`;
}

/** Loads the queries a prerendered page carries, if any, into the browser's client. */
export function hydratePrerenderedQueries(client: QueryClient, page: Document): void {
  const script = page.getElementById(PRERENDERED_QUERIES_ID);
  if (script?.textContent) hydrate(client, JSON.parse(script.textContent) as DehydratedState);
}
