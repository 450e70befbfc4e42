/**
 * The CLI of a checked-in generated file (docs/modules.md): render it from the schemas root,
 * write it when it changed, or with --check fail when it is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Registry } from '../src/core/schema/registry.js';
import { loadProjectRegistry } from '../src/server/registry-fs.js';

export interface GeneratedFile {
  /** Default output path. */
  file: string;
  /** npm script that regenerates it (named in the out-of-date message). */
  script: string;
  render(registry: Registry): string;
}

/**
 * The CLI of a checked-in generated file: `[--root schemas] [--out file] [--check]`.
 * --check exits 1 when the file differs from what the schemas give (CI keeps it current);
 * otherwise the file is (re)written when it changed.
 */
export function runGenerator(gen: GeneratedFile, argv: string[]): number {
  const arg = (name: string, dflt: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] ?? dflt : dflt;
  };
  const root = arg('--root', 'schemas');
  const out = arg('--out', gen.file);
  const { registry, errors } = loadProjectRegistry(root);
  if (errors.length) {
    process.stderr.write(`模块定义有误，先运行 npm run lint:schemas：\n${errors.map((e) => `${e.file} ${e.path} ${e.message}`).join('\n')}\n`);
    return 1;
  }
  const text = gen.render(registry);
  const current = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (argv.includes('--check')) {
    if (current !== text) {
      process.stderr.write(`${out} 已过期，请运行 npm run ${gen.script}\n`);
      return 1;
    }
    process.stdout.write(`${out} 是最新的\n`);
    return 0;
  }
  if (current !== text) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  }
  process.stdout.write(`${current === text ? '无变化' : '已生成'} ${out}（${registry.resources.size} 个模块）\n`);
  return 0;
}
