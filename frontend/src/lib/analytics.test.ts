import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentTo } from '@/test/utils';
import { ANONYMOUS_ID_COOKIE, EVENTS, saveConsent, saveUserProperties, trackAuthButton, trackEvent, trackPageView } from './analytics';
import { getCookie } from './cookies';

afterEach(() => {
  vi.unstubAllGlobals();
  saveConsent(false); // forgets the user properties sent, as refusing does
});

describe('the product analytics', () => {
  it('send nothing and set no cookie before the visitor chooses, nor after they chose necessary only', () => {
    const fetchMock = mockFetch({});
    const sendEverything = () => {
      trackEvent(EVENTS.walletAdded);
      trackPageView('home', '/home');
      saveUserProperties('u1', { country: 'US', plan: 'FREE' });
    };
    sendEverything();
    saveConsent(false);
    sendEverything();
    expect(fetchMock.fn).not.toHaveBeenCalled();
    expect(getCookie(ANONYMOUS_ID_COOKIE)).toBeNull();
  });

  it('send an event to /save_event once analytics are accepted, with the anonymous id and the context', () => {
    const fetchMock = mockFetch({});
    saveConsent(true);
    trackEvent(EVENTS.transactionLimitCardClicked);
    const [sent] = sentTo('/save_event', fetchMock.calls);
    expect(sent).toMatchObject({
      event_name: 'TransactionLimitCard Clicked',
      anonymous_id: getCookie(ANONYMOUS_ID_COOKIE),
      event_properties: {},
      context: { full_url: window.location.href },
    });
  });

  it("name exactly the spec's events", () => {
    expect(Object.values(EVENTS)).toEqual([
      'Tax Readiness Clicked',
      'Sign Up Button Clicked',
      'Sign In Button Clicked',
      'User Viewed Error Page',
      'Wallet Added',
      'TransactionLimitCard Clicked',
      'Sidebar Resync Button Clicked',
    ]);
  });

  it("give a sign-in button's click the properties the spec names", () => {
    const fetchMock = mockFetch({});
    saveConsent(true);
    trackAuthButton(EVENTS.signInButtonClicked, { text: 'Sign in', section: 'header', sectionTitle: 'Top bar' });
    expect(sentTo('/save_event', fetchMock.calls)[0]).toMatchObject({
      event_name: 'Sign In Button Clicked',
      event_properties: {
        button_text: 'Sign in',
        page_title: 'All Logged Out Pages',
        path: window.location.pathname,
        section_title: 'Top bar',
        section: 'header',
      },
    });
  });

  it("send a user's properties once while they stay the same, and again once consent is given anew", () => {
    const fetchMock = mockFetch({});
    saveConsent(true);
    saveUserProperties('u1', { country: 'US', plan: 'FREE' });
    saveUserProperties('u1', { country: 'US', plan: 'FREE' });
    saveUserProperties('u1', { country: 'US', plan: 'PRIME' });
    saveConsent(false);
    saveUserProperties('u1', { country: 'US', plan: 'PRIME' });
    saveConsent(true);
    saveUserProperties('u1', { country: 'US', plan: 'PRIME' });
    expect(sentTo('/save_user_properties', fetchMock.calls)).toEqual([
      { user_id: 'u1', user_traits: { country: 'US', plan: 'FREE' } },
      { user_id: 'u1', user_traits: { country: 'US', plan: 'PRIME' } },
      { user_id: 'u1', user_traits: { country: 'US', plan: 'PRIME' } },
    ]);
  });
});
