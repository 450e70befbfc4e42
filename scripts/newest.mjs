// Newest modification time below a path: what `npm start` and the server bundle compare with
// their outputs to tell whether a build is stale.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest mtime (ms) of a file, or of every file below a folder; 0 when missing. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}
