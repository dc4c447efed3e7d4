/**
 * The transactions page's search (spec 001 §2): free words and filter tokens in one `q` string, which the
 * API reads whole. Filter chips add and remove tokens; the spec's asset filters may also arrive as query
 * parameters of their own (/transactions?asset_id=…) and are folded into `q`.
 */

export const NEEDS_REVIEW = 'has:review';
export const UNCATEGORIZED = 'is:uncategorized';
export const ASSET_FILTERS = ['asset_id', 'crypto_id', 'fiat_id', 'user_asset_id', 'nft_id', 'blockchain_token_id'] as const;

export function tokens(query: string): string[] {
  return query.split(/\s+/).filter(Boolean);
}

export function hasToken(query: string, token: string): boolean {
  return tokens(query).includes(token);
}

export function withToken(query: string, token: string): string {
  return hasToken(query, token) ? query.trim() : [...tokens(query), token].join(' ');
}

export function withoutToken(query: string, token: string): string {
  return tokens(query)
    .filter((t) => t !== token)
    .join(' ');
}

export function toggleToken(query: string, token: string): string {
  return hasToken(query, token) ? withoutToken(query, token) : withToken(query, token);
}

/** The filter tokens of a search (those with a colon), for chips; words stay in the search box. */
export function filterTokens(query: string): string[] {
  return tokens(query).filter((t) => t.includes(':'));
}

/** `q` and the spec's asset filters given as their own query parameters, as one search. */
export function searchFromParams(params: URLSearchParams): string {
  const folded = ASSET_FILTERS.flatMap((key) => params.getAll(key).map((value) => `${key}:${value}`));
  return [...tokens(params.get('q') ?? ''), ...folded].join(' ');
}

/** The transactions to review of one tax year, Jan 1 to Dec 31 (spec 001 §2 app shell). */
export function needsReviewForYear(year: number): string {
  const query = `${NEEDS_REVIEW} from:${year}-01-01 to:${year}-12-31`;
  return `/transactions?${new URLSearchParams({ q: query }).toString()}`;
}

/** A chip's text for a filter token. */
export function describeToken(token: string, accountName: (id: string) => string | undefined): string {
  const [key, value] = [token.slice(0, token.indexOf(':')), token.slice(token.indexOf(':') + 1)];
  if (token === NEEDS_REVIEW) return 'Needs review';
  if (token === UNCATEGORIZED) return 'Uncategorized';
  if (key === 'wallet') return `Wallet: ${accountName(value) ?? value}`;
  if (key === 'from') return `From ${value}`;
  if (key === 'to') return `To ${value}`;
  if (key === 'tax_year') return `Tax year ${value}`;
  if (key === 'callout') return `Callout: ${value.charAt(0)}${value.slice(1).toLowerCase().replace(/_/g, ' ')}`;
  if ((ASSET_FILTERS as readonly string[]).includes(key)) return `Asset: ${value.replace(/^(crypto|fiat|user_asset|nft|blockchain)_/, '')}`;
  return token;
}
