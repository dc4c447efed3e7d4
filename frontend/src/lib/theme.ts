/** The theme (spec 001 §4): light, dark or system, which follows the device live. */
import { useEffect, useSyncExternalStore } from 'react';
import type { Theme } from '@/gql/graphql';
import { useUserInfo } from './user';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(DARK_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function deviceIsDark(): boolean {
  return window.matchMedia?.(DARK_QUERY).matches ?? false;
}

/** 'light' or 'dark': what `selected` shows on this device now. */
export function resolvedTheme(selected: Theme | undefined, dark: boolean): 'light' | 'dark' {
  if (selected === 'DARK' || (selected === 'SYSTEM' && dark)) return 'dark';
  return 'light';
}

/** Applies the signed-in user's theme to the document (`data-theme`), following the device under SYSTEM. */
export function useAppliedTheme(): void {
  const selected = useUserInfo().data?.me?.selectedTheme;
  const dark = useSyncExternalStore(subscribe, deviceIsDark, () => false);
  const theme = resolvedTheme(selected, dark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
