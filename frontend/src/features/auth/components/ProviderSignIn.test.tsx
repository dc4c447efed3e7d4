import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { ProviderSignIn } from './ProviderSignIn';

function provider(name: string | null) {
  return (url: string) =>
    url === '/auth0/provider'
      ? new Response(JSON.stringify({ name }), { status: 200, headers: { 'Content-Type': 'application/json' } })
      : new Response(null, { status: 404 });
}

describe('ProviderSignIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the configured provider, coming back to next, and shows what the provider sign-in answered', async () => {
    mockFetch({}, provider('Example ID'));
    renderWithProviders(<ProviderSignIn mode="login" />, {
      route: '/login?next=%2Ftax&errorMessage=Signing+in+with+Example+ID+did+not+work.',
    });
    expect(await screen.findByRole('link', { name: 'Sign in with Example ID' })).toHaveAttribute(
      'href',
      '/auth0/login?next=%2Ftax',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Signing in with Example ID did not work.');
  });

  it('offers nothing when no provider is configured', async () => {
    const fetchMock = mockFetch({}, provider(null));
    renderWithProviders(<ProviderSignIn mode="signup" />);
    await vi.waitFor(() => expect(fetchMock.fn).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
  });
});
