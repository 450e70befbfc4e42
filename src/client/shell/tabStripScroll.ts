/**
 * Horizontal scrolling of the multi-tab strip (its scrollbar is hidden, as antd's was absent).
 *
 * - revealInStrip: the nearest horizontal scroll that shows a tab whole. It sets the strip's
 *   scrollLeft itself instead of element.scrollIntoView, which also scrolls the page up to the
 *   strip when the user had scrolled down a long list before switching pages.
 * - useWheelScrollsStrip: a vertical wheel over an overflowing strip scrolls it sideways (a
 *   mouse has no other way once the scrollbar is hidden); touchpads scroll it natively.
 */
import { useEffect, type RefObject } from 'react';

/**
 * Once the browser has laid the strip out, scrolls it the least needed to show `tab` whole;
 * returns the cancel. An IntersectionObserver hands over the geometry of the frame's own
 * layout, so nothing here forces one: reading offsetLeft when the strip mounted forced a
 * layout of the whole list page still rendering (40-70 ms in the cold-load profile, what
 * rc-tabs cost). The strip's scroll position is read and set only when the tab is cut off.
 */
export function revealInStrip(list: HTMLElement, tab: HTMLElement | null): () => void {
  if (!tab || typeof IntersectionObserver === 'undefined') return () => undefined;
  const io = new IntersectionObserver(
    ([entry]) => {
      io.disconnect();
      const root = entry?.rootBounds;
      if (!entry || !root || entry.intersectionRatio >= 1) return;
      const box = entry.boundingClientRect;
      if (box.left < root.left) list.scrollLeft += box.left - root.left;
      else if (box.right > root.right) list.scrollLeft += box.right - root.right;
    },
    { root: list, threshold: 1 },
  );
  io.observe(tab);
  return () => io.disconnect();
}

export function useWheelScrollsStrip(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) <= Math.abs(e.deltaX) || list.scrollWidth <= list.clientWidth) return;
      list.scrollLeft += e.deltaY;
      e.preventDefault();
    };
    // not passive: the page must not scroll too while the strip does
    list.addEventListener('wheel', onWheel, { passive: false });
    return () => list.removeEventListener('wheel', onWheel);
  }, [ref]);
}
