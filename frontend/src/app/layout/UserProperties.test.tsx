import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { userInfoAnswer } from '@/test/answers';
import { mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { UserProperties } from './UserProperties';

const onboarding = { onboardingStatus: { country: 'CA', countryConfirmed: true, webAppHomePage: '/home', homePages: ['/home'] } };
const subscription = { unifiedSubscription: { subscriptionPlan: { name: 'Prime', internalName: 'PRIME' } } };

function answers(me = userInfoAnswer()) {
  return mockFetch({ userInfo: () => me, onboardingStatus: () => onboarding, UnifiedSubscription: () => subscription });
}

afterEach(() => {
  vi.unstubAllGlobals();
  saveConsent(false);
});

describe("the signed-in user's properties", () => {
  it('are sent once known, with analytics consent: country and plan', async () => {
    saveConsent(true);
    const fetchMock = answers();
    renderWithProviders(<UserProperties />);
    await waitFor(() =>
      expect(sentTo('/save_user_properties', fetchMock.calls)).toEqual([{ user_id: 'u1', user_traits: { country: 'CA', plan: 'PRIME' } }]),
    );
  });

  it('are not sent without analytics consent, and are once it is given', async () => {
    const fetchMock = answers();
    renderWithProviders(<UserProperties />);
    await waitFor(() => expect(fetchMock.operations()).toEqual(expect.arrayContaining(['userInfo', 'onboardingStatus', 'UnifiedSubscription'])));
    expect(sentTo('/save_user_properties', fetchMock.calls)).toEqual([]);
    saveConsent(true);
    await waitFor(() => expect(sentTo('/save_user_properties', fetchMock.calls)).toHaveLength(1));
  });

  it('are not sent while viewing as a user, whose id is not the signed-in one', async () => {
    saveConsent(true);
    const fetchMock = answers(userInfoAnswer({ isTaxProViewingClient: true }));
    renderWithProviders(<UserProperties />);
    await waitFor(() => expect(fetchMock.operations()).toEqual(expect.arrayContaining(['userInfo', 'UnifiedSubscription'])));
    expect(sentTo('/save_user_properties', fetchMock.calls)).toEqual([]);
  });
});
