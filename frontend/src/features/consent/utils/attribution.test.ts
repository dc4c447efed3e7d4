import { describe, expect, it } from 'vitest';
import { REFERRAL_COOKIE, visitCookies } from './attribution';

const NOW = new Date('2025-03-01T12:00:00Z');

describe('the attribution cookies', () => {
  it('keep first/last-touch data 30 days and the referral code 7 days', () => {
    const url = new URL('https://app.example/partner/wk?ref=FRIEND42');
    const cookies = visitCookies(url, 'https://search.example/', NOW, { analytics: true, hasFirstTouch: false });
    expect(cookies.map(({ name, days }) => [name, days])).toEqual([
      [REFERRAL_COOKIE, 7],
      ['firstTouchData', 30],
      ['lastTouchData', 30],
    ]);
    expect(cookies[0].value).toBe('FRIEND42');
    expect(JSON.parse(cookies[2].value)).toEqual({
      expiry: '2025-03-31T12:00:00.000Z',
      referrer: 'https://search.example/',
      url: 'https://app.example/partner/wk?ref=FRIEND42',
      sessionStart: '2025-03-01T12:00:00.000Z',
      partner: 'wk',
    });
  });

  it('keep the first touch once and set no touch data without analytics consent', () => {
    const url = new URL('https://app.example/home?referral_code=abc');
    expect(visitCookies(url, '', NOW, { analytics: true, hasFirstTouch: true }).map((cookie) => cookie.name)).toEqual([
      REFERRAL_COOKIE,
      'lastTouchData',
    ]);
    expect(visitCookies(url, '', NOW, { analytics: false, hasFirstTouch: false }).map((cookie) => cookie.name)).toEqual([REFERRAL_COOKIE]);
    expect(visitCookies(new URL('https://app.example/home'), '', NOW, { analytics: false, hasFirstTouch: false })).toEqual([]);
  });
});
