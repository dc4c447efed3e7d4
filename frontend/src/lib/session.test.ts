import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, isSignedIn, TAX_READINESS_STORAGE_KEY } from './session';

describe('clearSession', () => {
  afterEach(() => window.localStorage.clear());

  it.each(['signed-out', 'lapsed'] as const)('forgets the sign-in and the tax readiness checks (%s)', (reason) => {
    document.cookie = 'is_auth=true; path=/';
    window.localStorage.setItem(TAX_READINESS_STORAGE_KEY, JSON.stringify({ addWalletsCheckedByUser: true }));
    window.localStorage.setItem('unrelated', 'kept');

    clearSession(reason);

    expect(isSignedIn()).toBe(false);
    expect(window.localStorage.getItem(TAX_READINESS_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
  });
});
