/** The OpenID Connect provider the server signs in through, if one is configured (GET /auth0/provider). */
export interface IdentityProvider {
  name: string | null;
}

export async function fetchIdentityProvider(): Promise<IdentityProvider> {
  const response = await fetch('/auth0/provider', { credentials: 'include' });
  if (!response.ok) return { name: null };
  return (await response.json()) as IdentityProvider;
}

/** Where the browser goes to sign in (or up) at the provider; `next` is where it comes back to. */
export function providerPath(mode: 'login' | 'signup', next: string | null): string {
  return `/auth0/${mode}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}
