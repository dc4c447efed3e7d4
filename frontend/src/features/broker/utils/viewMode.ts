/**
 * The broker demo's client state (spec 001 §4): the view mode, consumer or broker, in session storage,
 * which exists only while the user has enableCbe (cleared when it turns off, and at sign-out); and the
 * broker setting allowUserWalletConnect in local storage.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { onSessionCleared } from '@/lib/session';

export type ViewMode = 'consumer' | 'broker';

export const VIEW_MODE_KEY = 'cbe_view_mode';
export const ALLOW_USER_WALLET_CONNECT_KEY = 'allowUserWalletConnect';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storedViewMode(): ViewMode | null {
  const stored = window.sessionStorage.getItem(VIEW_MODE_KEY);
  return stored === 'consumer' || stored === 'broker' ? stored : null;
}

export function setViewMode(mode: ViewMode | null): void {
  if (mode === null) window.sessionStorage.removeItem(VIEW_MODE_KEY);
  else window.sessionStorage.setItem(VIEW_MODE_KEY, mode);
  emit();
}

export function allowUserWalletConnect(): boolean {
  return window.localStorage.getItem(ALLOW_USER_WALLET_CONNECT_KEY) === 'true';
}

export function setAllowUserWalletConnect(allowed: boolean): void {
  window.localStorage.setItem(ALLOW_USER_WALLET_CONNECT_KEY, String(allowed));
  emit();
}

onSessionCleared(() => setViewMode(null));

/** The stored view mode, cleared as soon as the user is known not to have enableCbe. */
export function useViewMode(enableCbe: boolean | undefined): [ViewMode | null, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore(subscribe, storedViewMode, () => null);
  useEffect(() => {
    if (enableCbe === false && mode !== null) setViewMode(null);
  }, [enableCbe, mode]);
  const choose = useCallback((next: ViewMode) => setViewMode(next), []);
  return [enableCbe ? mode : null, choose];
}

export function useAllowUserWalletConnect(): [boolean, (allowed: boolean) => void] {
  return [useSyncExternalStore(subscribe, allowUserWalletConnect, () => false), setAllowUserWalletConnect];
}
