/**
 * Time-ordered 19-digit string ids: 13 digits of ms, 3 digits of the worker number, 3 digits
 * of sequence within that ms. The worker number is leased from the database at start
 * (src/server/db/worker.ts), so two instances never mint the same id; within one process the
 * sequence makes ids strictly increasing (past 1,000 ids in one ms the clock part runs ahead).
 */
let workerId = 0;
let lastMs = 0;
let seq = 0;

/** Set once at start from the lease; 0–999. */
export function setWorkerId(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 999) throw new Error(`worker id out of range: ${n}`);
  workerId = n;
}

export function currentWorkerId(): number {
  return workerId;
}

export function newId(now = Date.now()): string {
  if (now <= lastMs) {
    seq++;
    if (seq > 999) {
      lastMs++;
      seq = 0;
    }
  } else {
    lastMs = now;
    seq = 0;
  }
  return `${lastMs}${String(workerId).padStart(3, '0')}${String(seq).padStart(3, '0')}`;
}

/** `YYYY-MM-DD HH:mm:ss` in local time, the API's date-time format. */
export function nowText(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
