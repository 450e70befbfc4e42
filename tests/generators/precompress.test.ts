/**
 * The build's compressed copies: every text asset of at least 1 KiB gets a .br and a .gz that
 * decompress to it, smaller ones and other files none; a second build of the same files takes
 * them from the cache (no compression), a changed file is compressed again.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { precompressDir } from '../../generators/precompress.js';

const root = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('each text asset gets .br and .gz once; unchanged files come from the cache', async () => {
  const out = join(root, 'dist');
  const cache = join(root, 'cache');
  mkdirSync(join(out, 'assets'), { recursive: true });
  const big = 'export const a = "互联网医院";\n'.repeat(200);
  writeFileSync(join(out, 'assets/a-1234.js'), big);
  writeFileSync(join(out, 'assets/b-5678.css'), '.x{color:red}'.repeat(100));
  writeFileSync(join(out, 'assets/tiny.js'), 'export {};');
  writeFileSync(join(out, 'assets/logo.png'), Buffer.alloc(4096, 7));

  expect(await precompressDir(out, cache)).toEqual({ files: 2, compressed: 4 });
  expect(brotliDecompressSync(readFileSync(join(out, 'assets/a-1234.js.br'))).toString()).toBe(big);
  expect(gunzipSync(readFileSync(join(out, 'assets/a-1234.js.gz'))).toString()).toBe(big);
  expect(readFileSync(join(out, 'assets/a-1234.js.br')).length).toBeLessThan(big.length / 10);
  for (const f of ['tiny.js.br', 'tiny.js.gz', 'logo.png.br', 'logo.png.gz']) expect(existsSync(join(out, 'assets', f)), f).toBe(false);

  // a new build of the same files: copies from the cache, identical
  const again = join(root, 'dist2');
  mkdirSync(join(again, 'assets'), { recursive: true });
  writeFileSync(join(again, 'assets/a-1234.js'), big);
  writeFileSync(join(again, 'assets/b-5678.css'), '.x{color:blue}'.repeat(100)); // changed
  expect(await precompressDir(again, cache)).toEqual({ files: 2, compressed: 2 });
  expect(readFileSync(join(again, 'assets/a-1234.js.br'))).toEqual(readFileSync(join(out, 'assets/a-1234.js.br')));
  expect(brotliDecompressSync(readFileSync(join(again, 'assets/b-5678.css.br'))).toString()).toBe('.x{color:blue}'.repeat(100));
});
