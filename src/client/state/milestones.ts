/**
 * Page milestones other parts wait for: the first list rows painted. Prefetching other
 * modules waits for it, so it never competes with the rows the user is waiting for; and a
 * list waiting for its first answer holds back what can follow its rows (the menu highlight).
 */
let rowsPainted = false;
let rowsExpected = false;
const waiting: Array<() => void> = [];

/** The page being opened is a module's list (start-up on its address): deferred work waits for its rows. */
export function expectFirstRows(): void {
  rowsExpected = true;
}

/** Called by the list once its first rows are on screen (after the frame that paints them). */
export function markFirstRows(): void {
  if (rowsPainted) return;
  rowsPainted = true;
  for (const fn of waiting.splice(0)) fn();
}

/** Whether a list has painted rows in this page's life. */
export function firstRowsPainted(): boolean {
  return rowsPainted;
}

/** Runs `fn` once, when `queue` is flushed or after `timeout` ms, whichever comes first. Returns a cancel. */
function queueOnce(queue: Array<() => void>, fn: () => void, timeout: number): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(once, timeout);
  queue.push(once);
  return () => {
    done = true;
    clearTimeout(timer);
  };
}

/** Runs `fn` after the first rows were painted, or after `timeout` ms (a page without a list). */
export function afterFirstRows(fn: () => void, timeout = 4000): void {
  if (rowsPainted) return fn();
  queueOnce(waiting, fn, timeout);
}

/** After the first rows when the page being opened is a list (at most `timeout` ms), else now. */
export function afterExpectedRows(fn: () => void, timeout = 4000): void {
  if (rowsExpected) afterFirstRows(fn, timeout);
  else fn();
}

/** Lists on screen still waiting for their first answer to paint. */
let listsWaiting = 0;
const whenNoneWaiting: Array<() => void> = [];

/**
 * A list shown without its rows yet (its spinner) holds back `afterWaitingLists` work until
 * the returned release is called: once its first answer has painted, or it is gone. Idempotent.
 */
export function holdForRows(): () => void {
  listsWaiting += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    listsWaiting -= 1;
    if (listsWaiting === 0) for (const fn of whenNoneWaiting.splice(0)) fn();
  };
}

/** Runs `fn` once no list waits for its first rows (now if none does), or after `timeout` ms. */
export function afterWaitingLists(fn: () => void, timeout = 1000): () => void {
  if (listsWaiting === 0) {
    fn();
    return () => undefined;
  }
  return queueOnce(whenNoneWaiting, fn, timeout);
}
