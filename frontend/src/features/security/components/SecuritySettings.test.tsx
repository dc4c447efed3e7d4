import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { SecuritySettings } from './SecuritySettings';

afterEach(() => vi.unstubAllGlobals());

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const OWN_ACCOUNT: Record<string, unknown> = {
  '/auth/mfa': { isTwoStepVerificationEnabled: false, recoveryCodesLeft: 0 },
  '/auth/email-change': { email: 'me@example.com', pendingEmail: null, blockedReason: null },
  '/auth/sessions': [],
};

describe('SecuritySettings', () => {
  it("shows the signed-in person's own two-step verification", async () => {
    mockFetch({ userInfo: () => userInfoAnswer() }, (url) => json(OWN_ACCOUNT[url] ?? null));
    renderWithProviders(<SecuritySettings />);
    expect(await screen.findByRole('link', { name: 'Turn on' })).toHaveAttribute('href', '/auth0/enable_mfa');
  });

  it('shows nothing of an account to anyone viewing as a user, and asks the server nothing', async () => {
    const fetched = mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: '7' }) }, (url) => json(OWN_ACCOUNT[url] ?? null));
    renderWithProviders(<SecuritySettings />);
    expect(await screen.findByRole('alert')).toHaveTextContent("You can't view this page on behalf of a user");
    expect(screen.queryByRole('link', { name: 'Turn on' })).not.toBeInTheDocument();
    expect(fetched.calls.map((call) => call.url).filter((url) => url.startsWith('/auth/'))).toEqual([]);
  });
});
