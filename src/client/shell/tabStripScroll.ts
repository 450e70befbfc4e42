/**
 * Horizontal scrolling of the multi-tab strip (its scrollbar is hidden, as antd's was absent).
 *
 * - scrollIntoStrip: the nearest horizontal scroll that shows a tab whole. It sets the strip's
 *   scrollLeft itself instead of element.scrollIntoView, which also scrolls the page up to the
 *   strip when the user had scrolled down a long list before switching pages.
 * - useWheelScrollsStrip: a vertical wheel over an overflowing strip scrolls it sideways (a
 *   mouse has no other way once the scrollbar is hidden); touchpads scroll it natively.
 */
import { useEffect, type RefObject } from 'react';

/** Scrolls `list` (the tabs' offsetParent) the least needed for `tab` to be fully visible. */
export function scrollIntoStrip(list: HTMLElement, tab: HTMLElement | null): void {
  if (!tab) return;
  const left = tab.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left < list.scrollLeft) list.scrollLeft = left;
  else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth;
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
