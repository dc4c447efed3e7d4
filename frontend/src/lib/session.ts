/**
 * Sign-in state (spec 001 §4): signed in ⇔ the readable `is_auth` cookie is "true".
 * The server sets and clears it with the HttpOnly session cookie; the client clears it itself
 * when any request answers HTTP 401 (the session lapsed), which sends the user to /login?next=….
 */
import { useSyncExternalStore } from 'react';
import { deleteCookie, getCookie } from './cookies';

export const AUTH_COOKIE = 'is_auth';
/** Local storage that belongs to the signed-in user and is cleared at sign-out (spec 001 §4). */
export const TAX_READINESS_STORAGE_KEY = 'tax_readiness';

type Listener = () => void;
const listeners = new Set<Listener>();
let lapsed = false;

export function isSignedIn(): boolean {
  return getCookie(AUTH_COOKIE) === 'true';
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the server answered a successful sign-in or sign-up (it set the cookies). */
export function notifySignedIn(): void {
  lapsed = false;
  emit();
}

/** Forget the client-side session (after logout, or when the session lapsed with a 401). */
export function clearSession(reason: 'signed-out' | 'lapsed'): void {
  lapsed = reason === 'lapsed';
  deleteCookie(AUTH_COOKIE);
  window.localStorage.removeItem(TAX_READINESS_STORAGE_KEY);
  for (const hook of clearHooks) hook();
  emit();
}

/** True when the last sign-out happened because the server refused the session (HTTP 401). */
export function sessionLapsed(): boolean {
  return lapsed;
}

const clearHooks = new Set<() => void>();

/** Registers work to do whenever the session is cleared (e.g. dropping cached queries). */
export function onSessionCleared(hook: () => void): () => void {
  clearHooks.add(hook);
  return () => clearHooks.delete(hook);
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, () => false);
}

/** Only same-origin paths are honoured as `next` targets. */
export function safeNext(next: string | null | undefined, fallback = '/wallets'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next.startsWith('/login') || next.startsWith('/signup')) return fallback;
  return next;
}

export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}
