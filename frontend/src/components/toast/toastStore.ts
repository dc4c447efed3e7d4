/**
 * A small toast queue rendered by <Toaster/> with Radix Toast (spec 001 §4): shown 3 seconds unless told
 * otherwise, a negative duration stays until closed, every toast closable. A one-time toast is shown once
 * per key for a signed-in user and remembered in local storage (`ct_toast_{key}`, spec 001 §9).
 */
import { useSyncExternalStore } from 'react';
import { isSignedIn } from '@/lib/session';

export type ToastVariant = 'success' | 'info' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
  /** Milliseconds; Infinity stays until closed. */
  duration: number;
  open: boolean;
}

export const DEFAULT_TOAST_MS = 3_000;
export const ONE_TIME_TOAST_PREFIX = 'ct_toast_';

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function push(variant: ToastVariant, message: string, options: { duration?: number } = {}): number {
  const id = nextId++;
  const duration = options.duration ?? DEFAULT_TOAST_MS;
  items = [...items, { id, message, variant, duration: duration < 0 ? Infinity : duration, open: true }];
  emit();
  return id;
}

export const toast = {
  success: (message: string, options?: { duration?: number }) => push('success', message, options),
  info: (message: string, options?: { duration?: number }) => push('info', message, options),
  warning: (message: string, options?: { duration?: number }) => push('warning', message, options),
  error: (message: string, options?: { duration?: number }) => push('error', message, options),
  /** Shown once per key for a signed-in user, never again in this browser; null when not shown. */
  once(key: string, variant: ToastVariant, message: string, options?: { duration?: number }): number | null {
    if (!isSignedIn()) return null;
    const storageKey = `${ONE_TIME_TOAST_PREFIX}${key}`;
    if (window.localStorage.getItem(storageKey) !== null) return null;
    window.localStorage.setItem(storageKey, 'dismissed');
    return push(variant, message, options);
  },
  /** Starts the close animation; the item is removed by `remove`. */
  dismiss(id: number) {
    items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
    emit();
  },
  remove(id: number) {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  clear() {
    items = [];
    emit();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
