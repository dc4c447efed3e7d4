import { useCallback, useEffect, useState } from 'react';
import { getCookie, setCookie } from '@/lib/cookies';

/** Sidebar state cookie: expanded or collapsed, remembered for 7 days (spec 001 §2, §9). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_DAYS = 7;
export const MOBILE_QUERY = '(max-width: 767px)';

export function readSidebarExpanded(): boolean {
  return getCookie(SIDEBAR_COOKIE) !== 'collapsed';
}

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** Expanded/collapsed on desktop, a sheet under 768 px; Ctrl/Cmd+B toggles either. */
export function useSidebar() {
  const mobile = useIsMobile();
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [sheetOpen, setSheetOpen] = useState(false);

  const toggleExpanded = useCallback(() => {
    setExpanded((value) => {
      const next = !value;
      setCookie(SIDEBAR_COOKIE, next ? 'expanded' : 'collapsed', SIDEBAR_COOKIE_DAYS);
      return next;
    });
  }, []);

  const toggle = useCallback(() => {
    if (mobile) setSheetOpen((value) => !value);
    else toggleExpanded();
  }, [mobile, toggleExpanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  useEffect(() => {
    if (!mobile) setSheetOpen(false);
  }, [mobile]);

  return { mobile, expanded, toggleExpanded, sheetOpen, setSheetOpen, toggle };
}
