/**
 * Page milestones other parts wait for: the first list rows painted. Prefetching other
 * modules waits for it, so it never competes with the rows the user is waiting for.
 */
let rowsPainted = false;
const waiting: Array<() => void> = [];

/** Called by the list once its first rows are on screen (after the frame that paints them). */
export function markFirstRows(): void {
  if (rowsPainted) return;
  rowsPainted = true;
  for (const fn of waiting.splice(0)) fn();
}

/** Runs `fn` after the first rows were painted, or after `timeout` ms (a page without a list). */
export function afterFirstRows(fn: () => void, timeout = 4000): void {
  if (rowsPainted) return fn();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  waiting.push(once);
  setTimeout(once, timeout);
}
