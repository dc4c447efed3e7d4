/** A small toast queue rendered by <Toaster/> with Radix Toast. */
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'success' | 'info' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
  /** Milliseconds; Infinity stays until closed. */
  duration: number;
  open: boolean;
}

export const DEFAULT_TOAST_MS = 5_000;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function push(variant: ToastVariant, message: string, options: { duration?: number } = {}): number {
  const id = nextId++;
  items = [...items, { id, message, variant, duration: options.duration ?? DEFAULT_TOAST_MS, open: true }];
  emit();
  return id;
}

export const toast = {
  success: (message: string, options?: { duration?: number }) => push('success', message, options),
  info: (message: string, options?: { duration?: number }) => push('info', message, options),
  warning: (message: string, options?: { duration?: number }) => push('warning', message, options),
  error: (message: string, options?: { duration?: number }) => push('error', message, options),
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
