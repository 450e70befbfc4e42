/**
 * How fast this machine is right now, printed at the top of `npm run bench` so that a run's
 * timings can be read against it: the same build has measured 2–5× apart on this kind of machine
 * (a virtual machine whose page faults cost ~16–25 µs each on a slow day, against about 1 µs usually).
 * Two readings: a fixed integer loop (CPU) and the first touch of fresh memory, one write per
 * 4 KiB page (what a new browser renderer or a growing heap pays on every page it takes).
 */
const PAGE = 4096;

export interface MachineSpeed {
  /** ms for the fixed integer loop. */
  loopMs: number;
  /** µs per fresh 4 KiB page touched for the first time. */
  pageFaultUs: number;
}

function loop(): number {
  const t = performance.now();
  let s = 0;
  for (let i = 0; i < 100_000_000; i++) s = (s + (i % 7)) | 0;
  if (s === -1) console.log(s); // keeps the loop from being optimised away
  return performance.now() - t;
}

/** First-touch cost of `mib` MiB of fresh memory (a large allocation is mapped afresh by the allocator). */
function pageFaults(mib: number): number {
  const buf = Buffer.allocUnsafeSlow(mib * 1024 * 1024);
  const t = performance.now();
  for (let off = 0; off < buf.length; off += PAGE) buf[off] = 1;
  const ms = performance.now() - t;
  return (ms * 1000) / (buf.length / PAGE);
}

export function machineSpeed(): MachineSpeed {
  loop(); // warm-up: the first run includes the optimising compile
  const loopMs = Math.min(loop(), loop());
  const pageFaultUs = Math.min(pageFaults(128), pageFaults(128));
  return { loopMs, pageFaultUs };
}
