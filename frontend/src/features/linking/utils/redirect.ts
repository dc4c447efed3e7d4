/**
 * Redirect connections (Coinbase, Coinjar, Uphold): a full-page navigation to the server's OAuth
 * start route, which answers with the provider's consent page; the server's callback ends on the
 * wallets page with a successMessage or errorMessage banner.
 */
export type RedirectProvider = 'coinbase' | 'coinjar' | 'uphold';

export const REDIRECT_PROVIDERS: readonly RedirectProvider[] = ['coinbase', 'coinjar', 'uphold'];

export function isRedirectProvider(value: string | undefined): value is RedirectProvider {
  return (REDIRECT_PROVIDERS as readonly string[]).includes(value ?? '');
}

/** The server's start route; Coinbase also carries authorized_redirect_url and account_id (spec 000 §2). */
export function oauthStartUrl(provider: RedirectProvider, params: URLSearchParams = new URLSearchParams()): string {
  const query = new URLSearchParams();
  if (provider === 'coinbase') {
    for (const name of ['authorized_redirect_url', 'account_id']) {
      const value = params.get(name);
      if (value) query.set(name, value);
    }
  }
  const search = query.toString();
  return `/oauth/${provider}/start${search ? `?${search}` : ''}`;
}
