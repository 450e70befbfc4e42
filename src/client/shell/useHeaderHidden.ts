import { useEffect, useState } from 'react';

/** Seed §9: the header hides once the page has scrolled more than 100 px. */
export const AUTO_HIDE_HEADER_AT = 100;

/** Header auto-hide: hidden while scrolling down past 100 px, shown when scrolling up. */
export function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = 0;
    const onScroll = () => {
      const top = window.scrollY || document.documentElement.scrollTop || document.body.scrollTop || 0;
      if (top < last) setHidden(false);
      else setHidden(top > AUTO_HIDE_HEADER_AT);
      last = top;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
