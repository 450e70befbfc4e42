/**
 * The one scenario runner: plays a module's scenario file (tests/scenarios/<module>.json)
 * against the real HTTP API. The file says what a person types; everything the schema
 * already says is derived here, so a scenario cannot forget it:
 *   list       default sort honoured; every search field filters (probe values taken from
 *              the added record, else from a listed row);
 *   required   each required, writable field without a default left out → 400 naming it,
 *              nothing written;
 *   add/edit   stored as sent (or as `expect` says); edit sends the whole form as the console
 *              does (added values + changes), and bumps the version;
 *   flows      every transition of the schema exercised (a `system` one: not offered, its route
 *              refuses a direct call), the state and `set` fields stored;
 *              from each flow's final state a transition that does not start there → 400,
 *              state unchanged;
 *   delete     gone afterwards.
 * A module declared `readOnly` (written by the server) lists, searches and opens its rows,
 * and has no add, edit or delete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import type { FieldSchema, ResourceSchema, Transition } from '../../src/core/schema/types.js';
import type { Registry } from '../../src/core/schema/registry.js';
import { apiPath, isMultiValued } from '../../src/core/schema/naming.js';
import { requiredMessage } from '../../src/core/validators/rules.js';
import { defaultSort } from '../../src/core/projections/query.js';
import { call } from './helpers.js';
import { upload } from './files.multipart.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

type Rec = Record<string, unknown>;

export interface ScenarioStep { action: string; body?: Rec; expect?: Rec }
export interface ScenarioBefore { resource: string; values: Rec; then?: string[] }
export interface ScenarioFlow { title?: string; values?: Rec; before?: ScenarioBefore[]; steps: ScenarioStep[] }
export interface Scenario {
  resource: string;
  user?: string;
  note?: string;
  /** List filters of records deleted before playing (a dictionary seeded with every valid code). */
  clear?: Rec;
  /** Absent for a module written by the server only (`readOnly`). */
  add?: { values: Rec; expect?: Rec };
  edit?: { values: Rec; expect?: Rec };
  flows?: ScenarioFlow[];
  delete?: boolean;
}

interface Ctx { app: FastifyInstance; token: string; registry: Registry; schema: ResourceSchema }

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function norm(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(norm).join(',');
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Fields whose stored value the caller does not get back as sent. */
function comparable(f: FieldSchema | undefined): boolean {
  return !!f && !f.writeOnly && !f.sensitive && f.kind !== 'password' && f.kind !== 'richtext';
}

async function ok<T>(ctx: Ctx, path: string, o: Parameters<typeof call>[2], what: string): Promise<T> {
  const r = await call<T>(ctx.app, path, { token: ctx.token, ...o });
  expect(r.body.success, `${what}: ${r.status} ${r.body.message}`).toBe(true);
  return r.body.result;
}

/**
 * `{"$first": target, "label"?: text, "where"?: {...}}` → the option the console offers for
 * that field (GET /sys/ref/options by source resource + field, as the form's select asks):
 * the one labelled `label`, else the first; `@key` in where is this record's resolved value.
 * `{"$new": target, "values": {...}, "then"?: [actions]}` → a record of the target added first, through the API, then moved by those transitions. Children arrays resolve against the child
 * resource.
 */
async function resolveValues(ctx: Ctx, values: Rec, source: ResourceSchema = ctx.schema): Promise<Rec> {
  const out: Rec = {};
  for (const [k, v] of Object.entries(values)) {
    const child = source.children?.find((c) => c.key === k);
    if (child && Array.isArray(v)) {
      const cs = ctx.registry.resources.get(child.resource)!;
      out[k] = await Promise.all(v.map((row) => resolveValues(ctx, row as Rec, cs)));
    } else if (v && typeof v === 'object' && !Array.isArray(v) && '$new' in v) {
      // a record this one needs that the demo data cannot offer (e.g. a hospital without its one config)
      const spec = v as { $new: string; values: Rec; then?: string[] };
      const field = source.fields.find((f) => f.key === k);
      expect(field?.ref?.resource, `${source.name}.${k}: $new ${spec.$new} does not match the field's reference`).toBe(spec.$new);
      const target = ctx.registry.resources.get(spec.$new)!;
      const resolved = await resolveValues({ ...ctx, schema: target }, spec.values, target);
      out[k] = await ok<string>(ctx, apiPath(target, 'add'), { body: resolved }, `${k}: add ${target.title}`);
      // `then`: transitions that bring the new record into the state the field needs (an approved prescription)
      for (const action of spec.then ?? []) {
        await ok(ctx, apiPath(target, action), { method: 'PUT', body: { id: out[k] } }, `${k}: ${target.title} ${action}`);
      }
    } else if (v && typeof v === 'object' && !Array.isArray(v) && '$upload' in v) {
      // a file of tests/fixtures uploaded as the console's upload widget does; the field takes its key
      const name = String((v as { $upload: string }).$upload);
      const data = fs.readFileSync(path.join(FIXTURES, name));
      const r = await upload(ctx.app, '/sys/common/upload', [{ name: 'file', filename: name, type: 'application/octet-stream', data }], { token: ctx.token });
      expect(r.body.success, `${source.name}.${k}: upload ${name}: ${r.body.message}`).toBe(true);
      out[k] = r.body.result;
    } else if (v && typeof v === 'object' && !Array.isArray(v) && '$first' in v) {
      const spec = v as { $first: string; label?: string; where?: Rec };
      const field = source.fields.find((f) => f.key === k);
      expect(field?.ref?.resource, `${source.name}.${k}: $first ${spec.$first} does not match the field's reference`).toBe(spec.$first);
      const where: Rec = {};
      for (const [wk, wv] of Object.entries(spec.where ?? {})) where[wk] = typeof wv === 'string' && wv.startsWith('@') ? out[wv.slice(1)] : wv;
      const query = { resource: source.name, field: k, pageSize: 20, ...(spec.label ? { keyword: spec.label } : {}), ...where };
      const page = await ok<Page<{ value: string; label: string }>>(ctx, '/sys/ref/options', { query: query as never }, `${k}: options`);
      const hit = spec.label ? page.records.find((o) => o.label === spec.label) : page.records[0];
      expect(hit, `${source.name}.${k}: no ${spec.$first} option ${spec.label ?? ''}${spec.where ? ` where ${JSON.stringify(where)}` : ''}`).toBeTruthy();
      out[k] = hit!.value;
    } else out[k] = v;
  }
  return out;
}

/** `"@key"` / `"@child.0.key"` strings replaced by the record's resolved values, at any depth. */
function substitute(v: unknown, record: Rec): unknown {
  if (typeof v === 'string' && v.startsWith('@')) return v.slice(1).split('.').reduce<unknown>((o, k) => (o as Rec | undefined)?.[k], record);
  if (Array.isArray(v)) return v.map((x) => substitute(x, record));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substitute(x, record)]));
  return v;
}

/** A flow's `before` record: added through the API (and moved by `then`) before the flow's own record. */
async function addBefore(ctx: Ctx, b: ScenarioBefore, record: Rec): Promise<void> {
  const target = ctx.registry.resources.get(b.resource);
  expect(target, `before: no module ${b.resource}`).toBeTruthy();
  const tctx = { ...ctx, schema: target! };
  const values = await resolveValues(tctx, substitute(b.values, record) as Rec, target);
  const id = await ok<string>(ctx, apiPath(target!, 'add'), { body: values }, `before: add ${target!.title}`);
  for (const action of b.then ?? []) await ok(ctx, apiPath(target!, action), { method: 'PUT', body: { id } }, `before: ${target!.title} ${action}`);
}

async function byId(ctx: Ctx, id: string): Promise<Rec> {
  return ok<Rec>(ctx, apiPath(ctx.schema, 'queryById'), { query: { id } }, 'queryById');
}

async function total(ctx: Ctx): Promise<number> {
  return (await ok<Page<Rec>>(ctx, apiPath(ctx.schema, 'list'), { query: { pageSize: 1 } }, 'list')).total;
}

function expectStored(ctx: Ctx, row: Rec, sent: Rec, expected: Rec | undefined, what: string): void {
  const want: Rec = { ...sent, ...(expected ?? {}) };
  for (const [k, v] of Object.entries(want)) {
    if (ctx.schema.children?.some((c) => c.key === k)) {
      expect((row[k] as unknown[] | undefined)?.length, `${what}: rows of ${k}`).toBe((v as unknown[]).length);
      continue;
    }
    const f = ctx.schema.fields.find((x) => x.key === k);
    if (!(expected && k in expected) && !comparable(f)) continue;
    expect(norm(row[k]), `${what}: ${f?.title ?? k}`).toBe(norm(v));
  }
}

async function add(ctx: Ctx, values: Rec): Promise<string> {
  const id = await ok<string>(ctx, apiPath(ctx.schema, 'add'), { body: values }, `add ${ctx.schema.title}`);
  expect(typeof id).toBe('string');
  return id;
}

export async function checkList(ctx: Ctx, added: Rec): Promise<void> {
  const { schema } = ctx;
  const listPath = apiPath(schema, 'list');
  const page = await ok<Page<Rec>>(ctx, listPath, { query: { pageSize: 50 } }, 'list');
  expect(page.records.length, `${schema.title}: the list shows rows`).toBeGreaterThan(0);
  const sort = defaultSort(schema);
  const sortField = schema.fields.find((f) => f.key === sort.field);
  const keyOf = (r: Rec) => (sortField && ['integer', 'number', 'money'].includes(sortField.kind) ? Number(r[sort.field] ?? -Infinity) : norm(r[sort.field]));
  for (let i = 1; i < page.records.length; i++) {
    const [a, b] = [keyOf(page.records[i - 1]!), keyOf(page.records[i]!)];
    if (sort.order === 'desc') expect(a >= b, `${schema.title}: sorted by ${sort.field} desc`).toBe(true);
    else expect(a <= b, `${schema.title}: sorted by ${sort.field} asc`).toBe(true);
  }
  const wide = await ok<Page<Rec>>(ctx, listPath, { query: { pageSize: 1000 } }, 'list');
  for (const f of schema.fields) {
    if (!f.search) continue;
    const fromAdded = added[f.key] !== undefined && added[f.key] !== null && added[f.key] !== '';
    const source = fromAdded ? added : wide.records.find((r) => norm(r[f.key]) !== '' && !norm(r[f.key]).includes('*'));
    expect(source, `${schema.title}: no value to search 「${f.title}」 by — give it in add.values`).toBeTruthy();
    const value = norm(source![f.key]);
    const first = isMultiValued(f) ? value.split(',')[0]! : value;
    const query: Rec = { pageSize: 1000 };
    let matches: (v: string) => boolean;
    if (f.search === 'like') {
      const part = [...first].slice(0, 2).join('');
      query[f.key] = `*${part}*`;
      matches = (v) => v.includes(part);
    } else if (f.search === 'range') {
      query[`${f.key}_begin`] = first;
      query[`${f.key}_end`] = first;
      matches = (v) => (['date', 'datetime', 'time'].includes(f.kind) ? v === first : Number(v) === Number(first));
    } else {
      query[f.key] = first;
      matches = (v) => (isMultiValued(f) ? v.split(',').includes(first) : v === first);
    }
    const hits = await ok<Page<Rec>>(ctx, listPath, { query: query as never }, `search ${f.title}`);
    expect(hits.records.length, `${schema.title}: searching 「${f.title}」 = ${first} finds rows`).toBeGreaterThan(0);
    if (fromAdded) {
      // a value shared by more rows than one page (菜单类型 = 按钮 at 150 modules): the newest first
      const page = hits.total > hits.records.length
        ? await ok<Page<Rec>>(ctx, listPath, { query: { ...query, column: 'createTime', order: 'desc' } as never }, `search ${f.title}, newest first`)
        : hits;
      expect(page.records.some((r) => r.id === added.id), `${schema.title}: searching 「${f.title}」 finds the added record`).toBe(true);
    }
    if (!f.sensitive) for (const r of hits.records) expect(matches(norm(r[f.key])), `${schema.title}: 「${f.title}」 of every row matches ${first}`).toBe(true);
  }
}

/** Required, writable fields without a default: leaving one out is refused with its message. */
export async function checkRequired(ctx: Ctx, values: Rec): Promise<void> {
  const before = await total(ctx);
  for (const f of ctx.schema.fields) {
    if (!f.required || f.readOnly || f.visibleWhen || f.default !== undefined || f.autoNumber || !(f.key in values)) continue;
    const body = { ...values };
    delete body[f.key];
    const r = await call(ctx.app, apiPath(ctx.schema, 'add'), { token: ctx.token, body });
    expect(r.status, `${ctx.schema.title}: add without 「${f.title}」`).toBe(400);
    expect(r.body.message).toBe(`${f.title}：${requiredMessage(f)}`);
  }
  expect(await total(ctx), `${ctx.schema.title}: refused adds wrote nothing`).toBe(before);
}

function transition(schema: ResourceSchema, action: string): Transition {
  const t = schema.states?.transitions.find((x) => x.action === action);
  expect(t, `${schema.title}: the schema has no transition ${action}`).toBeTruthy();
  return t!;
}

async function step(ctx: Ctx, id: string, s: ScenarioStep): Promise<Rec> {
  const { schema } = ctx;
  const t = transition(schema, s.action);
  const before = await byId(ctx, id);
  const body = await resolveValues(ctx, s.body ?? {}, { ...schema, fields: t.form ?? [] });
  await ok(ctx, apiPath(schema, t.action), { method: 'PUT', body: { id, ...body } }, `${schema.title}「${t.title}」`);
  const row = await byId(ctx, id);
  // a step's expect may name the state: a transition whose effect goes on to a declared follow-on
  const stateField = t.field ?? schema.states!.field;
  expect(norm(row[stateField]), `${schema.title}「${t.title}」 → state`).toBe(norm(s.expect?.[stateField] ?? t.to));
  for (const [k, v] of Object.entries(t.set ?? {})) {
    if (v === 'now') expect(norm(row[k]), `${schema.title}「${t.title}」 stamps ${k}`).toMatch(DATETIME);
    else if (v === 'user') expect(norm(row[k]), `${schema.title}「${t.title}」 names the operator in ${k}`).not.toBe('');
    else if (typeof v === 'object' && v && 'field' in v) expect(norm(row[k])).toBe(norm(before[v.field]));
    else if (typeof v === 'object' && v && 'value' in v) expect(norm(row[k]), `${schema.title}「${t.title}」 sets ${k}`).toBe(norm(v.value));
    else if (typeof v === 'object' && v && 'fromNow' in v) {
      const d = new Date();
      d.setFullYear(d.getFullYear() + (v.fromNow.years ?? 0), d.getMonth() + (v.fromNow.months ?? 0), d.getDate() + (v.fromNow.days ?? 0));
      const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      expect(norm(row[k]).slice(0, 10), `${schema.title}「${t.title}」 sets ${k} to today plus ${JSON.stringify(v.fromNow)}`).toBe(day);
    }
  }
  const stored: Rec = {};
  for (const [k, v] of Object.entries(body)) if (comparable(schema.fields.find((f) => f.key === k)) && !(k in (t.set ?? {}))) stored[k] = v;
  expectStored(ctx, row, stored, s.expect, `${schema.title}「${t.title}」`);
  return row;
}

/** A transition that does not start from the record's state is refused and changes nothing. */
async function checkRefused(ctx: Ctx, id: string): Promise<boolean> {
  const { schema } = ctx;
  const row = await byId(ctx, id);
  const stateOf = (t: Transition) => norm(row[t.field ?? schema.states!.field]);
  const wrong = schema.states!.transitions.find((t) => !t.system && !t.from.includes(stateOf(t)));
  if (!wrong) return false;
  const state = stateOf(wrong);
  const r = await call(ctx.app, apiPath(schema, wrong.action), { method: 'PUT', token: ctx.token, body: { id } });
  expect(r.status, `${schema.title}「${wrong.title}」 from state ${state}`).toBe(400);
  expect(r.body.message).toMatch(new RegExp(`^当前状态「.+」不允许执行「${wrong.title}」$`));
  const after = await byId(ctx, id);
  expect(after[wrong.field ?? schema.states!.field]).toBe(row[wrong.field ?? schema.states!.field]);
  expect(after.version).toBe(row.version);
  return true;
}

/**
 * A `system` transition (taken by effects only), tried on a record in one of its `from` states:
 * not offered to the row, and its route refuses a direct call, changing nothing. false when the
 * record is not in such a state.
 */
async function checkSystemOnly(ctx: Ctx, id: string, t: Transition): Promise<boolean> {
  const { schema } = ctx;
  const row = await byId(ctx, id);
  if (!t.from.includes(norm(row[t.field ?? schema.states!.field]))) return false;
  expect((row._transitions as string[] | undefined) ?? [], `${schema.title}「${t.title}」 is not offered`).not.toContain(t.action);
  const r = await call(ctx.app, apiPath(schema, t.action), { method: 'PUT', token: ctx.token, body: { id } });
  expect([r.status, r.body.message], `${schema.title}「${t.title}」 called directly`).toEqual([400, `「${t.title}」由系统自动执行，不能手动操作`]);
  const after = await byId(ctx, id);
  expect(after.version).toBe(row.version);
  return true;
}

/** A module written by the server only: its rows list, search and open; every write is absent. */
async function runReadOnly(ctx: Ctx): Promise<void> {
  const { schema } = ctx;
  const listed = await ok<Page<Rec>>(ctx, apiPath(schema, 'list'), { query: { pageSize: 1 } }, 'list');
  expect(listed.records.length, `${schema.title}: the list shows rows`).toBeGreaterThan(0);
  const id = String(listed.records[0]!.id);
  expect((await byId(ctx, id)).id).toBe(id);
  await checkList(ctx, {});
  // (a path the schema gives one of its own actions, e.g. JeecgBoot's /sys/oss/file/delete, is that action's)
  const actionPaths = new Set((schema.actions ?? []).map((a) => a.api?.path));
  for (const [method, action] of [['POST', 'add'], ['PUT', 'edit'], ['DELETE', 'delete']] as const) {
    if (actionPaths.has(apiPath(schema, action))) continue;
    const r = await call(ctx.app, apiPath(schema, action), { method, token: ctx.token, ...(method === 'DELETE' ? { query: { id } } : { body: { id } }) });
    expect(r.status, `${schema.title}: ${action} does not exist`).toBe(404);
  }
  expect((await byId(ctx, id)).id, `${schema.title}: the row is still there`).toBe(id);
}

export async function runScenario(app: FastifyInstance, token: string, registry: Registry, sc: Scenario): Promise<void> {
  const schema = registry.resources.get(sc.resource);
  expect(schema, `scenario names a module that does not exist: ${sc.resource}`).toBeTruthy();
  const ctx: Ctx = { app, token, registry, schema: schema! };
  if (schema!.readOnly) {
    expect(sc.add, `${schema!.title} is written by the server only: its scenario has no add`).toBeUndefined();
    await runReadOnly(ctx);
    return;
  }
  expect(sc.add, `${schema!.title}: the scenario says what to add`).toBeTruthy();

  if (sc.clear) {
    const hits = await ok<Page<Rec>>(ctx, apiPath(schema!, 'list'), { query: { ...sc.clear, pageSize: 1000 } as never }, 'clear: list');
    for (const r of hits.records) await ok(ctx, apiPath(schema!, 'delete'), { method: 'DELETE', query: { id: String(r.id) } }, 'clear: delete');
  }
  const values = await resolveValues(ctx, sc.add!.values);
  await checkRequired(ctx, values);

  const id = await add(ctx, values);
  const added = await byId(ctx, id);
  expectStored(ctx, added, values, sc.add!.expect, `${schema!.title} add`);

  let current = values;
  if (sc.edit) {
    const changes = await resolveValues(ctx, sc.edit.values);
    current = { ...values, ...changes };
    await ok(ctx, apiPath(schema!, 'edit'), { method: 'PUT', body: { ...values, ...changes, id, version: added.version } }, `${schema!.title} edit`);
    const edited = await byId(ctx, id);
    expectStored(ctx, edited, changes, sc.edit.expect, `${schema!.title} edit`);
    expect(Number(edited.version)).toBe(Number(added.version) + 1);
  }

  const transitions = schema!.states?.transitions ?? [];
  const done = new Set<string>();
  let refused = false;
  for (const flow of sc.flows ?? []) {
    const fresh = await resolveValues(ctx, { ...sc.add!.values, ...(flow.values ?? {}) });
    for (const b of flow.before ?? []) await addBefore(ctx, b, fresh);
    const fid = await add(ctx, fresh);
    for (const s of flow.steps) {
      await step(ctx, fid, s);
      done.add(s.action);
    }
    for (const t of transitions.filter((x) => x.system && !done.has(x.action))) {
      if (await checkSystemOnly(ctx, fid, t)) done.add(t.action);
    }
    refused = (await checkRefused(ctx, fid)) || refused;
  }
  // after the flows, so that records in every state are there to be searched
  await checkList(ctx, { ...current, id });

  const missing = transitions.filter((t) => !done.has(t.action)).map((t) => `${t.action}（${t.title}）`);
  expect(missing, `${schema!.title}: transitions no flow exercises (a system one: no flow ends in one of its from states)`).toEqual([]);
  if (transitions.length > 0) {
    if (!refused) refused = await checkRefused(ctx, id);
    expect(refused, `${schema!.title}: a refused transition was tried`).toBe(true);
  }

  if (sc.delete !== false) {
    await ok(ctx, apiPath(schema!, 'delete'), { method: 'DELETE', query: { id } }, `${schema!.title} delete`);
    const gone = await call(app, apiPath(schema!, 'queryById'), { token, query: { id } });
    expect(gone.body.success, `${schema!.title}: deleted record is gone`).toBe(false);
  }
}
