/**
 * `npm run gen:scenario -- <module> [--write]`
 *
 * Drafts tests/scenarios/<module>.json from a running in-memory server: the add values are a
 * demo row in the module's first state (references turned into `$first`, sensitive values
 * rebuilt, unique values varied), the flows reach every transition by the shortest path from
 * that state, transition forms are filled. A draft is a starting point: read it, make the
 * values what an operator would type, and run `npx vitest run tests/server/scenarios.test.ts`.
 * Prints the draft; `--write` writes it unless the file exists.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FieldSchema, ResourceSchema, Transition } from '../../src/core/schema/types.js';
import { apiPath, isSystemColumn } from '../../src/core/schema/naming.js';
import { evaluateCondition } from '../../src/core/validators/condition.js';
import { loadSchemas } from '../../src/server/schemas.js';
import { buildIdCard, generateRows } from '../../src/server/demo/index.js';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from '../server/helpers.js';
import type { Scenario, ScenarioFlow } from '../server/scenario-runner.js';

type Rec = Record<string, unknown>;
const registry = loadSchemas();

function sample(f: FieldSchema, i: number): unknown {
  switch (f.kind) {
    case 'integer': case 'number': case 'money': return f.min !== undefined ? Math.max(f.min, 1) : 1;
    case 'date': return '2026-01-05';
    case 'datetime': return '2026-01-05 09:30:00';
    case 'boolean': return true;
    case 'phone': return `1391234${String(5600 + i).padStart(4, '0')}`;
    case 'idcard': return buildIdCard('640104', '19800101', '1', 300 + i);
    case 'dict': return registry.dicts.get(f.dict!)?.items[0]?.value;
    default: return `场景测试${f.title}`;
  }
}

/** Shortest transition paths from `start` that together take every transition once at least. */
function coveringFlows(schema: ResourceSchema, start: string): Transition[][] {
  const ts = schema.states?.transitions ?? [];
  const paths = new Map<string, Transition[]>([[start, []]]);
  const queue = [start];
  while (queue.length) {
    const s = queue.shift()!;
    for (const t of ts) if (t.from.includes(s) && !paths.has(t.to)) { paths.set(t.to, [...paths.get(s)!, t]); queue.push(t.to); }
  }
  const covered = new Set<string>();
  const flows: Transition[][] = [];
  // longest first, so one flow covers a whole happy path
  const targets = [...ts].sort((a, b) => Math.max(...b.from.map((f) => paths.get(f)?.length ?? -1)) - Math.max(...a.from.map((f) => paths.get(f)?.length ?? -1)));
  for (const t of targets) {
    if (covered.has(t.action)) continue;
    const from = t.from.find((f) => paths.has(f));
    if (from === undefined) continue;
    const flow = [...paths.get(from)!, t];
    flow.forEach((x) => covered.add(x.action));
    flows.push(flow);
  }
  return flows;
}

async function userFor(app: FastifyInstance, schema: ResourceSchema): Promise<string> {
  const hosp = await login(app, 'hospadmin');
  const r = await call(app, apiPath(schema, 'list'), { token: hosp, query: { pageSize: 1 } });
  return r.body.success ? 'hospadmin' : 'admin';
}

export async function draft(name: string): Promise<Scenario> {
  const schema = registry.resource(name);
  const app = await testApp({ seedRows: 6 });
  try {
    const user = await userFor(app, schema);
    if (schema.readOnly) return { resource: name, ...(user !== 'hospadmin' ? { user } : {}) };
    const token = await login(app, user);
    const rows = (await call<Page<Rec>>(app, apiPath(schema, 'list'), { token, query: { pageSize: 50 } })).body.result.records;
    const stateField = schema.states?.field;
    const initial = stateField ? String(schema.fields.find((f) => f.key === stateField)?.default ?? rows[0]?.[stateField] ?? '') : undefined;
    const listed = rows.find((r) => !stateField || String(r[stateField]) === initial) ?? rows[0];
    const full = listed ? (await call<Rec>(app, apiPath(schema, 'queryById'), { token, query: { id: String(listed.id) } })).body.result : {};
    // fresh demo values (an index past the seeded rows: unique by construction, valid by the generator)
    const { row: fresh, index } = await freshRow(app, token, schema);
    const row: Rec = { ...full, ...(stateField ? { [stateField]: initial } : {}) };
    for (const [k, v] of Object.entries(fresh)) if (v !== null && v !== undefined && !schema.fields.some((f) => f.key === k && f.ref)) row[k] = v;
    const values: Rec = refValues(schema, row, stateField);
    dropHidden(schema, values);
    for (const c of schema.children ?? []) {
      const cs = registry.resource(c.resource);
      const kids = (full[c.key] as Rec[] | undefined) ?? [];
      if (kids.length) values[c.key] = kids.slice(0, 2).map((k) => { const v = refValues(cs, k, undefined); delete v[c.foreignKey]; return v; });
    }
    // each flow adds its own record: unique values from further fresh rows
    const unique = schema.fields.filter((f) => f.unique && !f.ref && f.key in values);
    let next = index + 1;
    const flowValues = async (): Promise<Rec | undefined> => {
      if (!unique.length) return undefined;
      const r = await freshRow(app, token, schema, next);
      next = r.index + 1;
      return Object.fromEntries(unique.map((f) => [f.key, r.row[f.key]]));
    };
    const paths = initial === undefined ? [] : coveringFlows(schema, initial);
    const flows: ScenarioFlow[] = [];
    for (const ts of paths) flows.push({
      title: ts.map((t) => t.title).join('、'),
      ...(await flowValues().then((v) => (v ? { values: v } : {}))),
      steps: ts.map((t) => {
        const body: Rec = {};
        (t.form ?? []).forEach((f, i) => { if (f.required) body[f.key] = f.ref ? { $first: f.ref.resource } : sample(f, i); });
        return { action: t.action, ...(Object.keys(body).length ? { body } : {}) };
      }),
    });
    const editable = schema.fields.find((f) => (f.kind === 'text' || f.kind === 'string') && !f.required && !f.readOnly && !f.unique && !f.visibleWhen && !f.pattern && !isSystemColumn(f.key));
    return {
      resource: name,
      ...(user !== 'hospadmin' ? { user } : {}),
      add: { values },
      ...(editable ? { edit: { values: { [editable.key]: `场景编辑后的${editable.title}` } } } : {}),
      ...(flows.length ? { flows } : {}),
    } as Scenario;
  } finally {
    await app.close();
  }
}

/** Leaves out values of fields hidden by `visibleWhen` (defaults count), and masked values. */
function dropHidden(schema: ResourceSchema, values: Rec): void {
  for (const f of schema.fields) {
    const v = values[f.key];
    if (typeof v === 'string' && (f.kind === 'phone' || f.kind === 'idcard') && v.includes('*')) {
      if (f.required) values[f.key] = sample(f, 0); else delete values[f.key];
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    const seen: Rec = Object.fromEntries(schema.fields.filter((f) => f.default !== undefined).map((f) => [f.key, f.default]));
    Object.assign(seen, values);
    for (const f of schema.fields) if (f.key in values && f.visibleWhen && !evaluateCondition(f.visibleWhen, seen)) { delete values[f.key]; changed = true; }
  }
}

/** A demo row past the seeded ones whose unique values the server reports free (duplicate check as the user). */
async function freshRow(app: FastifyInstance, token: string, schema: ResourceSchema, from = 9000): Promise<{ row: Rec; index: number }> {
  const unique = schema.fields.filter((f) => f.unique && !f.ref);
  for (let i = from; i < from + 50; i++) {
    const row = generateRows(schema, 1, { seed: 20260105, tenantId: 1001, dicts: registry.dicts, startIndex: i })[0]!;
    let free = true;
    for (const f of unique) {
      if (row[f.key] === null || row[f.key] === undefined) continue;
      const r = await call(app, '/sys/duplicate/check', { token, query: { resource: schema.name, field: f.key, value: String(row[f.key]) } });
      if (!r.body.success) { free = false; break; }
    }
    if (free) return { row, index: i };
  }
  console.error(`${schema.name}: 50 demo rows all collide on unique fields — edit them in the draft`);
  return { row: generateRows(schema, 1, { seed: 20260105, tenantId: 1001, dicts: registry.dicts, startIndex: from })[0]!, index: from };
}

/** Writable values of a row: references as `$first` of their target, required gaps filled. */
function refValues(schema: ResourceSchema, row: Rec, stateField: string | undefined): Rec {
    const values: Rec = {};
    schema.fields.forEach((f, i) => {
      if (isSystemColumn(f.key) || f.readOnly || f.autoNumber || (f.key === stateField && f.readOnly)) return;
      if (f.visibleWhen && !evaluateCondition(f.visibleWhen, row)) return;
      const v = row[f.key];
      if (f.kind === 'ref' || f.kind === 'refs' || f.kind === 'treeRef') {
        if (v === null || v === undefined || v === '') return;
        const where: Rec = {};
        for (const [k, spec] of Object.entries(f.ref?.filter ?? {})) if ('field' in spec) where[k] = `@${spec.field}`;
        const label = f.kind === 'ref' ? row[`${f.key}_dictText`] : undefined;
        values[f.key] = { $first: f.ref!.resource, ...(typeof label === 'string' && label ? { label } : {}), ...(Object.keys(where).length ? { where } : {}) };
        return;
      }
      if (f.kind === 'password') { if (f.required) values[f.key] = 'Scenario@2026'; return; }
      if (v === null || v === undefined || v === '') { if (f.required) values[f.key] = sample(f, i); return; }
      values[f.key] = v;
    });
    return values;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [name, flag] = process.argv.slice(2);
  if (!name) { console.error('用法：npm run gen:scenario -- <模块名> [--write]'); process.exit(1); }
  const sc = await draft(name);
  const text = `${JSON.stringify({ $schema: './scenario.schema.json', ...sc }, null, 2)}\n`;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.json`);
  if (flag === '--write') {
    if (existsSync(file)) { console.error(`${file} 已存在，未覆盖`); process.exit(1); }
    writeFileSync(file, text);
    console.log(`已写入 ${file}`);
  } else process.stdout.write(text);
}
