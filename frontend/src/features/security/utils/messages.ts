/** What the user reads for the spec's e-mail change codes (spec 001 §3; the display text is ours). */
import type { EmailChangeBlockedReason, EmailChangeError } from '@/features/security/api/security';

export const EMAIL_CHANGE_ERRORS: Record<EmailChangeError | 'OTP_NOT_MATCHED', string> = {
  EMAIL_ALREADY_EXISTED: 'An account with this email already exists.',
  NOT_ALLOWED: 'This email address cannot be used. Enter another one.',
  UNKNOWN_ERROR: 'Something went wrong. Please try again.',
  OTP_NOT_MATCHED: 'The code does not match. Check the email we sent and try again.',
};

export const EMAIL_CHANGE_BLOCKED: Record<EmailChangeBlockedReason, string> = {
  HAS_SOCIAL_PROFILES: 'You sign in with an external provider, which manages your email. Change it there.',
  MAX_CHANGE_LIMIT_REACHED: 'You have changed your email as many times as allowed this year.',
  MAX_CHANGE_REQUEST_LIMIT_REACHED: 'You have asked for too many codes today. Try again tomorrow.',
};

/** 'Mozilla/5.0 (X11; Linux x86_64) … Chrome/120.0 …' → 'Chrome on Linux'; the raw text when unknown. */
export function describeBrowser(userAgent: string): string {
  if (!userAgent) return 'Unknown browser';
  const browser = [
    ['Edg/', 'Edge'],
    ['Firefox/', 'Firefox'],
    ['Chrome/', 'Chrome'],
    ['Safari/', 'Safari'],
  ].find(([token]) => userAgent.includes(token))?.[1];
  const system = [
    ['Windows', 'Windows'],
    ['iPhone', 'iOS'],
    ['Android', 'Android'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([token]) => userAgent.includes(token))?.[1];
  if (!browser) return userAgent;
  return system ? `${browser} on ${system}` : browser;
}
