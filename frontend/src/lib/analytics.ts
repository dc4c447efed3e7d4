/**
 * The product's own analytics (spec 001 §4, §7, §9): nothing is recorded until the visitor consents to
 * the analytics category (necessary cookies are always on, analytics off by default); refusing resets
 * what was kept. Events, page views and a signed-in user's properties go to the server (`/save_event`,
 * `/save_page_view`, `/save_user_properties`), which stores them in PostgreSQL — Cairn loads no
 * third-party analytics library, so the server path of the spec is the only one.
 */
import { deleteCookie, getCookie, setCookie } from './cookies';

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_DAYS = 365;
export const ANONYMOUS_ID_COOKIE = 'anonymous_id';
export const ANONYMOUS_ID_DAYS = 30;
export const FIRST_TOUCH_COOKIE = 'firstTouchData';
export const LAST_TOUCH_COOKIE = 'lastTouchData';

/** The events spec 001 §9 names, each sent where it happens. */
export const EVENTS = {
  taxReadinessClicked: 'Tax Readiness Clicked',
  signUpButtonClicked: 'Sign Up Button Clicked',
  signInButtonClicked: 'Sign In Button Clicked',
  userViewedErrorPage: 'User Viewed Error Page',
  walletAdded: 'Wallet Added',
  transactionLimitCardClicked: 'TransactionLimitCard Clicked',
  sidebarResyncButtonClicked: 'Sidebar Resync Button Clicked',
} as const;
export type EventName = (typeof EVENTS)[keyof typeof EVENTS];
export const LOGGED_OUT_PAGES = 'All Logged Out Pages';

export interface Consent {
  necessary: true;
  analytics: boolean;
}

const listeners = new Set<() => void>();
let savedUserProperties: string | null = null; // the user id and traits last sent

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's choice, or null while they have not made one. */
export function readConsent(): string | null {
  return getCookie(CONSENT_COOKIE);
}

export function parseConsent(value: string | null): Consent | null {
  if (value === 'analytics') return { necessary: true, analytics: true };
  if (value === 'necessary') return { necessary: true, analytics: false };
  return null;
}

export function analyticsAllowed(): boolean {
  return parseConsent(readConsent())?.analytics === true;
}

export function saveConsent(analytics: boolean): void {
  setCookie(CONSENT_COOKIE, analytics ? 'analytics' : 'necessary', CONSENT_DAYS);
  if (!analytics) resetAnalytics();
  for (const listener of listeners) listener();
}

/** Forgets the anonymous id and the first/last-touch data (refused consent, sign-out). */
export function resetAnalytics(): void {
  savedUserProperties = null;
  for (const name of [ANONYMOUS_ID_COOKIE, FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE]) deleteCookie(name);
}

function anonymousId(): string {
  const found = getCookie(ANONYMOUS_ID_COOKIE);
  if (found) return found;
  const made = crypto.randomUUID();
  setCookie(ANONYMOUS_ID_COOKIE, made, ANONYMOUS_ID_DAYS);
  return made;
}

function context() {
  return {
    referrer: document.referrer || undefined,
    full_url: window.location.href.slice(0, 2000),
    page_title: document.title.slice(0, 2000),
    screen_height: window.screen?.height,
    screen_width: window.screen?.width,
    screen_density: window.devicePixelRatio,
    locale: navigator.language,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

function post(path: string, body: object): void {
  void fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
    body: JSON.stringify(body),
  }).catch(() => undefined); // analytics never disturbs the page
}

export function trackEvent(eventName: EventName, eventProperties: Record<string, unknown> = {}): void {
  if (!analyticsAllowed()) return;
  post('/save_event', { anonymous_id: anonymousId(), event_name: eventName, event_properties: eventProperties, context: context() });
}

export function trackPageView(pageCategory: string, pageName: string): void {
  if (!analyticsAllowed()) return;
  post('/save_page_view', { anonymous_id: anonymousId(), page_category: pageCategory, page_name: pageName, event_properties: {} });
}

/** A click of a sign-up or sign-in button on the signed-out pages, with the properties spec 001 §9 names. */
export function trackAuthButton(
  eventName: typeof EVENTS.signUpButtonClicked | typeof EVENTS.signInButtonClicked,
  button: { text: string; section: string; sectionTitle: string },
): void {
  trackEvent(eventName, {
    button_text: button.text,
    page_title: LOGGED_OUT_PAGES,
    path: window.location.pathname,
    section_title: button.sectionTitle,
    section: button.section,
  });
}

/** The signed-in user's traits, sent once while they stay the same (again after consent is given anew). */
export function saveUserProperties(userId: string, userTraits: Record<string, unknown>): void {
  if (!analyticsAllowed()) return;
  const key = JSON.stringify([userId, userTraits]);
  if (key === savedUserProperties) return;
  savedUserProperties = key;
  post('/save_user_properties', { user_id: userId, user_traits: userTraits });
}
