/**
 * The build's .br and .gz copies of every text asset (@fastify/static sends them as they are,
 * compressing nothing per request). Brotli at its best quality is most of a build's time when
 * done file after file (about 8 of 15 s for some 250 files on a two-core machine), so the files
 * are compressed in parallel on libuv's threads, and each result is kept by the hash of what it
 * compresses: a build recompresses only the files that changed (hashed chunk names change with
 * their content, most chunks do not).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Assets worth compressing: text, at least 1 KiB. */
const TEXT = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;
/** Cached copies unused this long are removed. */
const KEEP_DAYS = 14;

const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));

export interface PrecompressResult {
  files: number;
  /** Compressions done (two per file not found in the cache). */
  compressed: number;
}

export async function precompressDir(outDir: string, cacheDir: string): Promise<PrecompressResult> {
  mkdirSync(cacheDir, { recursive: true });
  const files = walk(outDir).filter((f) => TEXT.test(f));
  let count = 0;
  let compressed = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return;
      count++;
      const key = createHash('sha256').update(body).digest('hex');
      for (const [ext, make] of [
        ['br', () => br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })],
        ['gz', () => gz(body, { level: 9 })],
      ] as const) {
        const cached = join(cacheDir, `${key}.${ext}`);
        let out: Buffer;
        if (existsSync(cached)) {
          out = await readFile(cached);
          const now = new Date();
          utimesSync(cached, now, now);
        } else {
          out = await make();
          compressed++;
          // under a temporary name first: a build stopped halfway leaves no truncated copy to reuse
          const tmp = `${cached}.${process.pid}.tmp`;
          await writeFile(tmp, out);
          await rename(tmp, cached);
        }
        await writeFile(`${file}.${ext}`, out);
      }
    }),
  );
  const old = Date.now() - KEEP_DAYS * 86_400_000;
  for (const n of readdirSync(cacheDir)) {
    const p = join(cacheDir, n);
    if (statSync(p).mtimeMs < old) rmSync(p, { force: true });
  }
  return { files: count, compressed };
}
