/**
 * Layout device: under 1088 px (max-width 1087.99px) — and under 768 px
 * (max-width 767.99px) — the device is mobile and the sidebar closed (a left Drawer);
 * otherwise desktop with the sidebar open.
 */
import { useEffect, useState } from 'react';

export type Device = 'desktop' | 'mobile';

export const MOBILE_QUERIES = ['(max-width: 1087.99px)', '(max-width: 767.99px)'] as const;

/** Pure rule: any matching breakpoint means mobile. */
export function deviceFrom(matches: readonly boolean[]): Device {
  return matches.some(Boolean) ? 'mobile' : 'desktop';
}

/** The device for a viewport width (same breakpoints). */
export function deviceForWidth(width: number): Device {
  return deviceFrom([width <= 1087.99, width <= 767.99]);
}

export function currentDevice(win: (Window & typeof globalThis) | undefined = typeof window === 'undefined' ? undefined : window): Device {
  if (!win) return 'desktop';
  if (typeof win.matchMedia === 'function') return deviceFrom(MOBILE_QUERIES.map((q) => win.matchMedia(q).matches));
  return deviceForWidth(win.innerWidth);
}

export function useDevice(): Device {
  const [device, setDevice] = useState<Device>(() => currentDevice());
  useEffect(() => {
    const update = () => setDevice(currentDevice());
    if (typeof window.matchMedia !== 'function') {
      window.addEventListener('resize', update);
      return () => window.removeEventListener('resize', update);
    }
    const mqls = MOBILE_QUERIES.map((q) => window.matchMedia(q));
    for (const m of mqls) m.addEventListener?.('change', update);
    update();
    return () => {
      for (const m of mqls) m.removeEventListener?.('change', update);
    };
  }, []);
  return device;
}
