import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, setCookie } from '@/lib/cookies';
import { DEFAULT_TOAST_MS, toast, useToasts } from './toastStore';

describe('toasts', () => {
  afterEach(() => {
    act(() => toast.clear());
    window.localStorage.clear();
    deleteCookie('is_auth');
  });

  it('last 3 seconds by default; a negative duration stays until closed', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.info('a');
      toast.info('b', { duration: -1 });
      toast.info('c', { duration: 600_000 });
    });
    expect(result.current.map((item) => [item.message, item.duration])).toEqual([
      ['a', DEFAULT_TOAST_MS],
      ['b', Infinity],
      ['c', 600_000],
    ]);
    expect(DEFAULT_TOAST_MS).toBe(3_000);
  });

  it('shows a one-time toast once per key, remembered locally, only when signed in', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      expect(toast.once('welcome', 'info', 'Hello')).toBeNull();
    });
    expect(result.current).toEqual([]);
    setCookie('is_auth', 'true', 1);
    act(() => {
      expect(toast.once('welcome', 'info', 'Hello')).not.toBeNull();
      expect(toast.once('welcome', 'info', 'Hello')).toBeNull();
      expect(toast.once('other', 'success', 'Other')).not.toBeNull();
    });
    expect(result.current.map((item) => item.message)).toEqual(['Hello', 'Other']);
    expect(window.localStorage.getItem('ct_toast_welcome')).not.toBeNull();
  });
});
