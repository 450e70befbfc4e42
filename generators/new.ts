/**
 * `npm run gen:new -- <name> <title> <entity> field:kind[:dict|:resource.label][=标题] ... [--group 菜单分组] [--path /app/x] [--root schemas]`
 *
 * Scaffolds schemas/modules/<name>.json: the fields in order (string fields searchable by like,
 * dict fields by eq), a list of the first columns + createTime, a menu when --group is given.
 * The document is checked by the loader together with every existing module and dictionary
 * before it is written; an existing file is never overwritten.
 *
 *   npm run gen:new -- hisNurse 护士管理 护士 realname:string=姓名 sex:dict:sex=性别 phone:phone=手机号 \
 *     hospitalId:ref:hisHospital.name=所属机构 --group 医护管理
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRegistry } from '../src/core/schema/load.js';
import { FIELD_KINDS, type FieldKind, type FieldSchema, type ResourceSchema } from '../src/core/schema/types.js';
import { readSchemaFiles } from '../src/server/schemas-fs.js';

export interface NewOptions {
  name: string;
  title: string;
  entity: string;
  fields: string[];
  group?: string;
  path?: string;
  root?: string;
}

export type NewResult = { ok: true; file: string; doc: ResourceSchema } | { ok: false; errors: string[] };

/** `key:kind[:dict|:resource.label][=标题]` -> field. */
export function parseField(spec: string): FieldSchema | string {
  const [head, title] = spec.split('=', 2) as [string, string | undefined];
  const [key, kind, extra] = head.split(':') as [string, string | undefined, string | undefined];
  if (!key || !/^[a-z][a-zA-Z0-9]*$/.test(key)) return `字段 "${spec}"：字段键应为 camelCase（如 realname）`;
  if (!kind || !(FIELD_KINDS as readonly string[]).includes(kind)) return `字段 "${spec}"：类型应为 ${FIELD_KINDS.join('、')} 之一`;
  const f: FieldSchema = { key, title: title || key, kind: kind as FieldKind };
  if (kind === 'dict') {
    if (!extra) return `字段 "${spec}"：dict 类型需要字典编码，例如 sex:dict:sex`;
    f.dict = extra;
    f.search = 'eq';
  } else if (kind === 'ref' || kind === 'refs' || kind === 'treeRef') {
    const [resource, label] = (extra ?? '').split('.');
    if (!resource || !label) return `字段 "${spec}"：${kind} 类型需要 资源.显示字段，例如 hospitalId:ref:hisHospital.name`;
    f.ref = { resource, label };
    if (kind === 'ref') f.search = 'eq';
  } else if (extra) return `字段 "${spec}"：只有 dict / ref 类型可以带第三段`;
  if (kind === 'string') f.maxLength = 64;
  return f;
}

export function scaffold(o: NewOptions): NewResult {
  const root = o.root ?? 'schemas';
  const errors: string[] = [];
  if (!/^[a-z][a-zA-Z0-9]*$/.test(o.name)) errors.push(`资源名 "${o.name}" 应为 camelCase，例如 hisNurse`);
  if (!o.title) errors.push('缺少标题');
  if (!o.entity) errors.push('缺少实体名');
  if (!o.fields.length) errors.push('至少需要一个字段，例如 realname:string=姓名');
  const fields: FieldSchema[] = [];
  for (const spec of o.fields) {
    const f = parseField(spec);
    if (typeof f === 'string') errors.push(f);
    else fields.push(f);
  }
  const like = fields.find((f) => f.kind === 'string');
  if (like) like.search = 'like';
  const file = join(root, 'modules', `${o.name}.json`);
  if (existsSync(file)) errors.push(`${file} 已存在，不会覆盖`);
  if (errors.length) return { ok: false, errors };

  const doc: ResourceSchema = {
    $schema: '../meta/resource.schema.json',
    schemaVersion: 1,
    name: o.name,
    title: o.title,
    entity: o.entity,
    ...(o.group ? { menu: { group: o.group, path: o.path ?? `/app/${o.name}` } } : {}),
    fields,
    list: { columns: [...fields.filter((f) => f.kind !== 'text' && f.kind !== 'richtext' && f.kind !== 'json').slice(0, 7).map((f) => f.key), 'createTime'], sort: 'createTime,desc', batch: ['delete'] },
    form: { open: 'modal', columns: fields.length > 6 ? 2 : 1 },
  };

  // check with every existing module and dictionary (refs, dicts, unique paths and codes)
  const { modules, dicts, extensions } = readSchemaFiles(root);
  const ok = <T extends { parseError?: string }>(x: T) => !x.parseError;
  const { problems } = loadRegistry([...modules.filter(ok), { file, data: doc }], dicts.filter(ok), extensions && ok(extensions) ? extensions : undefined);
  const mine = problems.filter((p) => p.severity === 'error' && p.file === file);
  if (mine.length) return { ok: false, errors: mine.map((p) => `${p.path || '/'} ${p.message}`) };
  return { ok: true, file, doc };
}

/** `{ "a": 1, "b": { "c": [1, 2] } }` on one line. */
function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
  if (v && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`).join(', ')} }`;
  return JSON.stringify(v);
}

/** One field per line, like the hand-written modules. */
export function formatModule(doc: ResourceSchema): string {
  const head = JSON.stringify({ ...doc, fields: '\u0000' }, null, 2);
  const body = doc.fields.map((f) => `    ${oneLine(f)}`).join(',\n');
  return head.replace('"fields": "\\u0000"', `"fields": [\n${body}\n  ]`) + '\n';
}

export function main(argv: string[]): number {
  const pos: string[] = [];
  const o: Partial<NewOptions> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--group') o.group = argv[++i];
    else if (a === '--path') o.path = argv[++i];
    else if (a === '--root') o.root = argv[++i];
    else pos.push(a);
  }
  const [name = '', title = '', entity = '', ...fields] = pos;
  const r = scaffold({ ...o, name, title, entity, fields });
  if (!r.ok) {
    process.stderr.write(`未生成：\n${r.errors.map((e) => `  ${e}`).join('\n')}\n用法：npm run gen:new -- <name> <标题> <实体> key:kind[:dict|:资源.显示字段][=标题] ... [--group 菜单分组] [--path /app/x]\n`);
    return 1;
  }
  writeFileSync(r.file, formatModule(r.doc));
  process.stdout.write(`已生成 ${r.file}（${r.doc.fields.length} 个字段）；接着运行 npm run lint:schemas、npm run gen:docs\n`);
  return 0;
}

if (process.argv[1] && /generators[\\/]new\.ts$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
