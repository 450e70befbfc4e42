/**
 * The height that makes an element end at the bottom of the window, less `gap`, from where it
 * starts on the page (the shell's header, tabs and page title above it differ with the layout:
 * side menu open or collapsed, a breadcrumb, a problem list) — kept on resize. Panes inside it
 * scroll on their own instead of the page.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useFitHeight(ref: RefObject<HTMLElement | null>, min: number, gap = 24): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - gap)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, min, gap]);
  return height;
}
