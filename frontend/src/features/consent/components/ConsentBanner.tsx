import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { analyticsAllowed, readConsent, resetAnalytics, saveConsent, subscribeConsent, trackPageView, FIRST_TOUCH_COOKIE } from '@/lib/analytics';
import { getCookie, setCookie } from '@/lib/cookies';
import { onSessionCleared } from '@/lib/session';
import { visitCookies } from '@/features/consent/utils/attribution';
import './consent.css';

/** The cookie consent banner (spec 001 §9): necessary cookies always on, analytics off until accepted. */
export function ConsentBanner() {
  const consent = useSyncExternalStore(subscribeConsent, readConsent, () => 'necessary');
  const [customizing, setCustomizing] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const id = useId();
  if (consent !== null) return null;
  return (
    <section className="consent-banner" aria-label="Cookie consent" data-testid="consent-banner">
      <p className="consent-banner__text">
        Cairn uses necessary cookies to keep you signed in and secure. With your consent it also uses analytics cookies to learn how the
        product is used.
      </p>
      {customizing ? (
        <fieldset className="consent-banner__choices">
          <legend className="visually-hidden">Cookie categories</legend>
          <label htmlFor={`${id}-necessary`}>
            <input id={`${id}-necessary`} type="checkbox" checked disabled /> Necessary (always on)
          </label>
          <label htmlFor={`${id}-analytics`}>
            <input id={`${id}-analytics`} type="checkbox" checked={analytics} onChange={(event) => setAnalytics(event.target.checked)} />{' '}
            Analytics
          </label>
        </fieldset>
      ) : null}
      <div className="consent-banner__actions">
        {customizing ? (
          <button type="button" className="button button--primary" onClick={() => saveConsent(analytics)}>
            Save choices
          </button>
        ) : (
          <>
            <button type="button" className="button button--primary" onClick={() => saveConsent(true)}>
              Accept all
            </button>
            <button type="button" className="button" onClick={() => saveConsent(false)}>
              Necessary only
            </button>
            <button type="button" className="button button--ghost" onClick={() => setCustomizing(true)}>
              Customize
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** Sets the visit's attribution cookies and records page views while analytics are allowed. */
export function AnalyticsTracker() {
  const location = useLocation();
  const consent = useSyncExternalStore(subscribeConsent, readConsent, () => null);
  useEffect(() => onSessionCleared(resetAnalytics), []);
  useEffect(() => {
    const cookies = visitCookies(new URL(window.location.href), document.referrer, new Date(), {
      analytics: analyticsAllowed(),
      hasFirstTouch: getCookie(FIRST_TOUCH_COOKIE) !== null,
    });
    for (const cookie of cookies) setCookie(cookie.name, cookie.value, cookie.days);
    // once per visit and per consent given: later navigations are page views only
  }, [consent]);
  useEffect(() => {
    const [, first = 'home'] = location.pathname.split('/');
    trackPageView(first || 'home', location.pathname);
  }, [location.pathname, consent]);
  return null;
}
