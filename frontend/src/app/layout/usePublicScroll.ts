import { useEffect, useState } from 'react';

/** Spec 001 §2: the public header hides once the visitor has scrolled down past this many pixels. */
export const HEADER_HIDE_AFTER_PX = 100;
/** The bottom banner appears after scrolling this fraction of the window height. */
export const BANNER_AFTER_WINDOW_FRACTION = 0.5;
/** Spec 001 §9: scroll checks are throttled to one per 100 ms. */
export const SCROLL_THROTTLE_MS = 100;

interface PublicScroll {
  readonly headerHidden: boolean;
  readonly bannerReached: boolean;
}

function measure(previousY: number): PublicScroll & { y: number } {
  const y = window.scrollY;
  const threshold = window.innerHeight * BANNER_AFTER_WINDOW_FRACTION;
  // a page that cannot scroll as far as the threshold (a few pixels of overflow included) counts as one
  // that does not scroll: it shows the banner at once rather than never
  const scrollRoom = document.documentElement.scrollHeight - window.innerHeight;
  return {
    y,
    headerHidden: y > HEADER_HIDE_AFTER_PX && y > previousY,
    bannerReached: scrollRoom <= threshold || y > threshold,
  };
}

/** The header hides while scrolling down past 100 px and comes back when scrolling up. */
export function usePublicScroll(): PublicScroll {
  const [state, setState] = useState<PublicScroll>({ headerHidden: false, bannerReached: false });
  useEffect(() => {
    // from 0: a page that opens (or hydrates) already scrolled past the threshold hides the header
    let lastY = 0;
    let pending: number | undefined;
    const check = () => {
      pending = undefined;
      const next = measure(lastY);
      lastY = next.y;
      setState((current) =>
        current.headerHidden === next.headerHidden && current.bannerReached === next.bannerReached
          ? current
          : { headerHidden: next.headerHidden, bannerReached: next.bannerReached || current.bannerReached },
      );
    };
    const onScroll = () => {
      pending ??= window.setTimeout(check, SCROLL_THROTTLE_MS);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (pending !== undefined) window.clearTimeout(pending);
    };
  }, []);
  return state;
}
