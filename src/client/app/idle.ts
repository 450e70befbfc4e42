/** Runs `fn` when the browser is idle (at the latest after `timeout` ms). */
export function whenIdle(fn: () => void, timeout = 2000): void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
  if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(fn, { timeout });
  else setTimeout(fn, Math.min(timeout, 500));
}
