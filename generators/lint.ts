/**
 * Schema linter: `npm run lint:schemas [paths...] [--format json] [--root schemas]`.
 * Loads every module and dictionary (cross references need all of them) and schemas/registry.json
 * (registered widgets, pages, effects, rules: unknown names are errors); `paths` only narrow
 * which files are reported. Prints `file:line  path  message`, a summary with the elapsed
 * time, and exits 1 when there are errors.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadAccessData } from '../src/core/schema/access-data.js';
import { loadDashboard } from '../src/core/schema/dashboard.js';
import { loadRegistry, type Problem } from '../src/core/schema/load.js';
import { pointerToLine, readSchemaFiles, type SourceFile } from '../src/server/schemas-fs.js';
import { nodeProblems } from '../src/core/decoration/validate.js';
import { TEMPLATES } from '../src/core/decoration/templates.js';

/** Every block of every shipped decoration template: a known type whose props fit its property schema. */
export function templateProblems(templates = TEMPLATES): Problem[] {
  return templates.flatMap((t) =>
    t.page.components.flatMap((n, i) => nodeProblems(n).messages.map((message) => ({
      file: 'src/core/decoration/templates.ts', path: `/${t.key}/components/${i}`, message: `模板「${t.title}」${message}`, severity: 'error' as const,
    }))));
}

export interface LintProblem extends Problem { line: number }
export interface LintResult { files: number; errors: number; warnings: number; ms: number; problems: LintProblem[] }

export function lintSchemas(root = 'schemas', paths: string[] = []): LintResult {
  const t0 = performance.now();
  const { modules, dicts, extensions, roles, menuGroups, dashboard } = readSchemaFiles(root);
  const all: SourceFile[] = [...modules, ...dicts, ...[extensions, roles, menuGroups, dashboard].filter((f): f is SourceFile => !!f)];
  const problems: Problem[] = all.filter((f) => f.parseError).map((f) => ({ file: f.file, path: '', message: `JSON 解析失败：${f.parseError!}`, severity: 'error' as const }));
  const ok = (f: SourceFile) => !f.parseError;
  const loaded = loadRegistry(modules.filter(ok), dicts.filter(ok), extensions && ok(extensions) ? extensions : undefined);
  problems.push(...loaded.problems);
  // role grants and menu groups refer to modules: linted with them
  problems.push(...loadAccessData(loaded.registry, roles && ok(roles) ? roles : undefined, menuGroups && ok(menuGroups) ? menuGroups : undefined).problems);
  // the dashboard names modules and fields: linted with them
  problems.push(...loadDashboard(loaded.registry, dashboard && ok(dashboard) ? dashboard : undefined).problems);
  // the decoration templates shipped with the console name component types of the core registry
  problems.push(...templateProblems());
  const wanted = paths.map((p) => resolve(p));
  // a path that names no schema file is a mistake, not an empty success
  for (const w of wanted) {
    if (!all.some((f) => resolve(f.file) === w || resolve(f.file).startsWith(w + '/'))) {
      problems.push({ file: relative(process.cwd(), w) || w, path: '', message: `路径 "${relative(process.cwd(), w) || w}" 下没有 schema 文件`, severity: 'error' });
    }
  }
  const inScope = (file: string) => !wanted.length || wanted.some((w) => resolve(file) === w || resolve(file).startsWith(w + '/'));
  const sources = new Map(all.map((f) => [f.file, f.source]));
  const shown: LintProblem[] = problems
    .filter((p) => inScope(p.file))
    .map((p) => ({ ...p, line: pointerToLine(sources.get(p.file) ?? '', p.path) }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const files = all.filter((f) => inScope(f.file)).length;
  return {
    files,
    errors: shown.filter((p) => p.severity === 'error').length,
    warnings: shown.filter((p) => p.severity === 'warning').length,
    ms: Math.round(performance.now() - t0),
    problems: shown,
  };
}

export function formatText(r: LintResult): string {
  const lines = r.problems.map((p) => `${p.file}:${p.line}  ${p.path || '/'}  ${p.severity === 'warning' ? '警告：' : ''}${p.message}`);
  const warn = r.warnings ? `，${r.warnings} 个警告` : '';
  lines.push(`${r.files} 个文件，${r.errors} 个错误${warn}，用时 ${r.ms} ms`);
  return lines.join('\n');
}

/** The schemas root a path lies in: the nearest folder (the path or above) holding `modules/`. */
export function schemasRootOf(path: string): string | undefined {
  let dir = resolve(path);
  if (existsSync(dir) && !statSync(dir).isDirectory()) dir = dirname(dir);
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'modules'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

export function main(argv: string[]): number {
  let format = 'text';
  let root = 'schemas';
  let rootGiven = false;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--format') format = argv[++i] ?? 'text';
    else if (a.startsWith('--format=')) format = a.slice(9);
    else if (a === '--root') { root = argv[++i] ?? root; rootGiven = true; }
    else if (a.startsWith('--root=')) { root = a.slice(7); rootGiven = true; }
    else paths.push(a);
  }
  if (!rootGiven && paths.length) {
    // a folder outside the project's schemas/ is linted as its own root
    const own = schemasRootOf(paths[0]!);
    if (own && resolve(own) !== resolve(root)) root = own;
  }
  const r = lintSchemas(root, paths);
  process.stdout.write((format === 'json' ? JSON.stringify(r, null, 2) : formatText(r)) + '\n');
  return r.errors ? 1 : 0;
}

// run as a CLI (tsx generators/lint.ts), not when imported by tests
if (process.argv[1] && /generators[\\/]lint\.ts$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
