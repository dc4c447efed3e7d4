/** The account security endpoints (/auth/mfa, /auth/sessions, /auth/email-change, /auth/password-reset)
 * and the dev mailbox. They act on the signed-in person, never on a user viewed as. */
import { useQuery } from '@tanstack/react-query';
import { clearSession, isSignedIn } from '@/lib/session';

export interface RestResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  detail: string | null;
}

const UNREACHABLE = 'The server could not be reached. Please try again.';

/** A JSON call; a 401 ends the client's session unless `refusalIsAnAnswer` (a wrong sign-in code). */
async function call<T>(method: string, path: string, body?: unknown, refusalIsAnAnswer = false): Promise<RestResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, data: null, detail: UNREACHABLE };
  }
  if (response.status === 401 && !refusalIsAnAnswer && isSignedIn()) clearSession('lapsed');
  let parsed: unknown = null;
  if (response.status !== 204) {
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
  }
  const detail =
    !response.ok && parsed && typeof parsed === 'object' && 'detail' in parsed && typeof parsed.detail === 'string'
      ? parsed.detail
      : null;
  return { ok: response.ok, status: response.status, data: response.ok ? (parsed as T) : null, detail };
}

export interface MfaStatus {
  isTwoStepVerificationEnabled: boolean;
  recoveryCodesLeft: number;
}
export interface MfaSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}
export interface SessionInfo {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string;
  current: boolean;
}
export type EmailChangeError = 'EMAIL_ALREADY_EXISTED' | 'NOT_ALLOWED' | 'UNKNOWN_ERROR';
export type EmailChangeBlockedReason = 'HAS_SOCIAL_PROFILES' | 'MAX_CHANGE_LIMIT_REACHED' | 'MAX_CHANGE_REQUEST_LIMIT_REACHED';
export interface EmailChangeStatus {
  email: string;
  pendingEmail: string | null;
  blockedReason: EmailChangeBlockedReason | null;
}
export interface EmailChangeResult {
  success: boolean;
  error: EmailChangeError | null;
  blockedReason: EmailChangeBlockedReason | null;
}
export interface EmailChangeVerified {
  success: boolean;
  email: string;
  error: 'OTP_NOT_MATCHED' | EmailChangeError | null;
}
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  sentAt: string;
  body: string;
}

export const securityApi = {
  mfaStatus: () => call<MfaStatus>('GET', '/auth/mfa'),
  setupMfa: () => call<MfaSetup>('POST', '/auth/mfa/setup'),
  enableMfa: (code: string) => call<{ recoveryCodes: string[] }>('POST', '/auth/mfa/enable', { code }),
  disableMfa: (code: string) => call<null>('POST', '/auth/mfa/disable', { code }),
  verifyMfa: (code: string) => call<{ email: string }>('POST', '/auth/mfa/verify', { code }, true),
  sessions: () => call<SessionInfo[]>('GET', '/auth/sessions'),
  revokeSession: (id: string) => call<null>('DELETE', `/auth/sessions/${encodeURIComponent(id)}`),
  emailChangeStatus: () => call<EmailChangeStatus>('GET', '/auth/email-change'),
  submitEmailChange: (newEmail: string) => call<EmailChangeResult>('POST', '/auth/email-change', { newEmail }),
  verifyEmailChange: (code: string) => call<EmailChangeVerified>('POST', '/auth/email-change/verify', { code }),
  askPasswordReset: (email: string) => call<null>('POST', '/auth/password-reset', { email }),
  confirmPasswordReset: (token: string, password: string) =>
    call<null>('POST', '/auth/password-reset/confirm', { token, password }),
  mailbox: () => call<MailboxMessage[]>('GET', '/dev/mailbox/messages'),
};

export const securityKeys = {
  mfa: ['security', 'mfa'] as const,
  sessions: ['security', 'sessions'] as const,
  emailChange: ['security', 'email-change'] as const,
  mailbox: ['security', 'mailbox'] as const,
};

async function dataOf<T>(pending: Promise<RestResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok || result.data === null) throw new Error(result.detail ?? 'Something went wrong. Please try again.');
  return result.data;
}

export function useMfaStatus() {
  return useQuery({ queryKey: securityKeys.mfa, queryFn: () => dataOf(securityApi.mfaStatus()) });
}

export function useSessions() {
  return useQuery({ queryKey: securityKeys.sessions, queryFn: () => dataOf(securityApi.sessions()) });
}

export function useEmailChangeStatus() {
  return useQuery({ queryKey: securityKeys.emailChange, queryFn: () => dataOf(securityApi.emailChangeStatus()) });
}

export function useMailbox() {
  return useQuery({ queryKey: securityKeys.mailbox, queryFn: () => dataOf(securityApi.mailbox()), retry: false });
}
