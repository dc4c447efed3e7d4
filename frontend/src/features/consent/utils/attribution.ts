/**
 * Attribution cookies (spec 001 §3, §9): first- and last-touch data for 30 days (with analytics consent),
 * and the referral code a visitor arrived with for 7 days (necessary: it credits the referrer).
 */
import { FIRST_TOUCH_COOKIE, LAST_TOUCH_COOKIE } from '@/lib/analytics';

export const TOUCH_DAYS = 30;
export const REFERRAL_DAYS = 7;
export const REFERRAL_COOKIE = 'referral_code';
const REFERRAL_PARAMS = ['referral_code', 'ref'];
const MAX_REFERRAL_CHARS = 64;

export interface TouchData {
  expiry: string;
  referrer: string;
  url: string;
  sessionStart: string;
  partner: string | null;
}

export interface CookieSpec {
  name: string;
  value: string;
  days: number;
}

function partnerOf(url: URL): string | null {
  const match = /^\/partner\/([^/]+)/.exec(url.pathname);
  return match ? decodeURIComponent(match[1]) : url.searchParams.get('partner');
}

/**
 * The cookies one visit sets: the last touch every visit, the first touch only when none is kept, both
 * only with analytics consent; the referral code whenever the address carries one.
 */
export function visitCookies(url: URL, referrer: string, now: Date, { analytics, hasFirstTouch }: { analytics: boolean; hasFirstTouch: boolean }): CookieSpec[] {
  const cookies: CookieSpec[] = [];
  const code = REFERRAL_PARAMS.map((param) => url.searchParams.get(param)).find((value) => value);
  if (code) cookies.push({ name: REFERRAL_COOKIE, value: code.slice(0, MAX_REFERRAL_CHARS), days: REFERRAL_DAYS });
  if (!analytics) return cookies;
  const touch: TouchData = {
    expiry: new Date(now.getTime() + TOUCH_DAYS * 86_400_000).toISOString(),
    referrer,
    url: `${url.origin}${url.pathname}${url.search}`,
    sessionStart: now.toISOString(),
    partner: partnerOf(url),
  };
  const value = JSON.stringify(touch);
  if (!hasFirstTouch) cookies.push({ name: FIRST_TOUCH_COOKIE, value, days: TOUCH_DAYS });
  cookies.push({ name: LAST_TOUCH_COOKIE, value, days: TOUCH_DAYS });
  return cookies;
}
