/**
 * Runs `fn` in a task after the next frame: what the last commit drew has painted by then, and
 * `fn`'s work does not delay that frame. Without frames (a test DOM without
 * requestAnimationFrame) it runs now. Returns a cancel.
 */
export function afterNextPaint(fn: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    fn();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => { timer = setTimeout(fn, 0); });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
