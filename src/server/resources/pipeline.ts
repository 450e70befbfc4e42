/**
 * The one write pipeline. Every write of a module record — add, edit, import rows, transitions,
 * sub-table rows and effect actions — passes these steps, in this order:
 *
 *   target tenant → sanitize → validate (core projected validator) → field edit access →
 *   references (existence, tenant, grantSubset) → rule codes → words → compute → [in the transaction:]
 *   uniqueness and auto-numbers → version check → write → afterWrite effects with the real
 *   caller → data log (write-log.ts)
 *
 * This file holds the steps up to compute (`prepareRecord` for a whole record, and the single
 * steps for transition / action forms and import rows); write.ts, transition.ts, action.ts and
 * excel/import.ts hold the transactional part of each kind of write.
 */
import type { FieldSchema } from '../../core/schema/types.js';
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { hashPassword } from '../auth/password.js';
import type { CheckRules } from '../rules/index.js';
import { sanitizeRecord } from '../sanitize/index.js';
import { childLinks, type ChildLink } from './children.js';
import { computeValues, serverWrittenKeys, type ChildRows } from './derive.js';
import { checkEditableFields } from './guard.js';
import { restoreMaskedEchoes } from './mask.js';
import { rowToRecord, toStored, type ResourceModel } from './model.js';
import { checkRefs, type RefError } from './refs.js';
import { validatePayload } from './validate.js';
import { wordChecker } from './words.js';

export interface Caller {
  user: SessionUser;
  /** The tenant the call acts on (a super-tenant user may name another one). */
  tenantId: number;
}

type Rec = Record<string, unknown>;
export interface FieldProblem {
  field: string;
  message: string;
}

export const MSG_TENANT_UNAVAILABLE = '租户不存在或已停用';
export const MSG_PARENT_FIXED = '不允许移到其他上级记录';

export const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------------------------------------
// target tenant

/**
 * A super-tenant user acting on another tenant (tenant-id header) writes only into a tenant
 * that exists and is enabled, else 400 `租户不存在或已停用`. A user's own tenant always passes.
 */
export async function checkTargetTenant(ctx: AppContext, caller: Caller): Promise<void> {
  if (caller.tenantId === caller.user.tenantId) return;
  const t = await ctx.database.db.selectFrom('sys_tenant').select(['id', 'status']).where('id', '=', caller.tenantId).executeTakeFirst();
  if (!t || Number(t.status ?? 1) !== 1) throw badRequest(MSG_TENANT_UNAVAILABLE);
}

// ---------------------------------------------------------------------------------------------
// rule codes

/** `rule` fields: a non-empty value must pass its rule code (src/server/rules; `ctx.checkRules.current()`). */
export function ruleProblems(rules: CheckRules, fields: FieldSchema[], values: Rec): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const f of fields) {
    const v = values[f.key];
    if (!f.rule || v === null || v === undefined || v === '') continue;
    const message = rules.check(f.rule, Array.isArray(v) ? v.join(',') : String(v));
    if (message) out.push({ field: f.key, message });
  }
  return out;
}

/** 400 `<prefix><title>：<message>` for the first problem, errors `[{field, message}]`. */
export function refuse(fields: FieldSchema[], problems: FieldProblem[], prefix = '', fieldPrefix = ''): never {
  const p = problems[0]!;
  const title = fields.find((f) => f.key === p.field)?.title;
  throw badRequest(`${prefix}${title ? `${title}：` : ''}${p.message}`, { errors: problems.map((x) => ({ field: `${fieldPrefix}${x.field}`, message: x.message })) });
}

export const rowLabel = (l: ChildLink, i: number) => `${l.spec.title}第${i + 1}行：`;

// ---------------------------------------------------------------------------------------------
// references

/** Refuses the first reference problem of one record (or its children rows). */
function refuseRef(e: RefError, prefix = '', fieldPrefix = ''): never {
  throw badRequest(`${prefix}${e.title}：${e.message}`, { errors: [{ field: `${fieldPrefix}${e.field}`, message: e.message }] });
}

/**
 * A child resource's link to its parent (the `foreignKey` of some parent's `children`) is set
 * on add and never changed by an edit: a row is not moved to another parent by id.
 */
function parentLinkKeys(ctx: AppContext, m: ResourceModel): string[] {
  const out: string[] = [];
  for (const p of ctx.models.values()) for (const c of p.schema.children ?? []) if (c.resource === m.name) out.push(c.foreignKey);
  return out;
}

// ---------------------------------------------------------------------------------------------
// whole records (add / edit, with children)

export interface Prepared {
  /** Validated values by key (computed keys filled; children moved out). */
  valid: Rec;
  children: ChildRows;
  links: ChildLink[];
  /** Column values to write. */
  values: Rec;
}

/** Moves the validated children arrays out of the payload (undefined: not sent). */
function takeChildren(links: ChildLink[], valid: Rec): ChildRows {
  const out: ChildRows = {};
  for (const l of links) {
    const rows = valid[l.spec.key];
    delete valid[l.spec.key];
    out[l.spec.key] = Array.isArray(rows) ? (rows as Rec[]) : undefined;
  }
  return out;
}

/**
 * Payload -> column values for the writable fields present (or defaulted on add).
 * `computed`: server-computed keys (`compute` fields) written even when readOnly.
 */
export async function columnValues(m: ResourceModel, payload: Rec, mode: 'add' | 'edit', computed: readonly string[] = []): Promise<Rec> {
  const out: Rec = {};
  for (const c of m.fields) {
    const f = c.field;
    // the validator has applied defaults on add (readOnly fields included) and dropped
    // readOnly / createOnly keys on edit, so what is present is what is written
    if (!Object.prototype.hasOwnProperty.call(payload, c.key)) continue;
    if (mode === 'edit' && (f.readOnly || f.createOnly) && !computed.includes(c.key)) continue;
    const v = payload[c.key];
    if (f.kind === 'password') {
      if (typeof v === 'string' && v !== '') out[c.column] = await hashPassword(v);
      continue;
    }
    out[c.column] = toStored(c, v);
  }
  return out;
}

/** Stored children rows (snake_case) of one parent, by child key. */
async function storedChildren(ctx: AppContext, links: ChildLink[], parentId: string, tenantId: number): Promise<Map<string, Map<string, Rec>>> {
  const out = new Map<string, Map<string, Rec>>();
  for (const l of links) {
    const rows = await ctx.database.db.selectFrom(l.model.table).selectAll().where('tenant_id', '=', tenantId).where(l.fk.column, '=', parentId).execute();
    out.set(l.spec.key, new Map(rows.map((r) => [String(r.id), r as Rec])));
  }
  return out;
}

/**
 * Steps sanitize → compute of one record. `existing`: the stored row (snake_case) on edit.
 * Throws the first problem (400, or 403 for field edit access).
 */
export async function prepareRecord(ctx: AppContext, m: ResourceModel, mode: 'add' | 'edit', body: Rec, caller: Caller, existing?: Rec): Promise<Prepared> {
  const links = childLinks(ctx, m);
  const stored = existing ? rowToRecord(m, existing) : null;
  // stored rows of the children sent (an edit that does not send a child key keeps its rows)
  const sentLinks = links.filter((l) => Array.isArray(body[l.spec.key]));
  const storedKids = existing && sentLinks.length ? await storedChildren(ctx, sentLinks, String(existing.id), caller.tenantId) : new Map<string, Map<string, Rec>>();

  // sanitize: rich text cleaned; masked echoes of sensitive values mean "unchanged"
  sanitizeRecord(m.schema, body, ctx.registry);
  if (stored) restoreMaskedEchoes(m, body, stored, caller.user);
  for (const l of links) {
    const rows = body[l.spec.key];
    const kids = storedKids.get(l.spec.key);
    if (!Array.isArray(rows) || !kids) continue;
    for (const row of rows) {
      const before = isObject(row) && row.id !== undefined ? kids.get(String(row.id)) : undefined;
      if (before) restoreMaskedEchoes(l.model, row as Rec, rowToRecord(l.model, before), caller.user);
    }
  }

  // validate
  const valid = await validatePayload(ctx, m, mode, body);

  // field edit access
  checkEditableFields(m, valid, body, existing ?? null, caller.user);
  const children = takeChildren(links, valid);
  for (const l of links) {
    const kids = storedKids.get(l.spec.key);
    for (const row of children[l.spec.key] ?? []) {
      const before = row.id !== undefined && row.id !== null ? kids?.get(String(row.id)) ?? null : null;
      checkEditableFields(l.model, row, row, before, caller.user);
    }
  }

  // a child resource's own edit cannot move the row to another parent
  if (stored) {
    for (const k of parentLinkKeys(ctx, m)) {
      if (Object.prototype.hasOwnProperty.call(valid, k) && String(valid[k] ?? '') !== String(stored[k] ?? '')) {
        refuse(m.schema.fields, [{ field: k, message: MSG_PARENT_FIXED }]);
      }
    }
  }

  // references: the record's own, then each child row's (the parent link is the server's)
  const db = ctx.database.db;
  const own = await checkRefs(ctx, db, m.schema.fields, [{ values: valid, stored }], caller);
  if (own.length) refuseRef(own[0]!);
  for (const l of links) {
    const rows = children[l.spec.key];
    if (!rows?.length) continue;
    const kids = storedKids.get(l.spec.key);
    const fields = l.model.schema.fields.filter((f) => f.key !== l.fk.key);
    const errs = await checkRefs(ctx, db, fields, rows.map((r) => {
      const before = r.id !== undefined && r.id !== null ? kids?.get(String(r.id)) : undefined;
      return { values: r, stored: before ? rowToRecord(l.model, before) : null };
    }), caller);
    if (errs.length) refuseRef(errs[0]!, rowLabel(l, errs[0]!.row), `${l.spec.key}[${errs[0]!.row}].`);
  }

  // rule codes
  const rules = await ctx.checkRules.current();
  const problems = ruleProblems(rules, m.schema.fields, valid);
  if (problems.length) refuse(m.schema.fields, problems);
  for (const l of links) {
    (children[l.spec.key] ?? []).forEach((row, i) => {
      const p = ruleProblems(rules, l.model.schema.fields, row);
      if (p.length) refuse(l.model.schema.fields, p, rowLabel(l, i), `${l.spec.key}[${i}].`);
    });
  }

  // words (wordCheck fields): refused words 400, replaced words rewritten before the write
  const words = await wordChecker(ctx, caller.tenantId, [m.schema.fields, ...links.map((l) => l.model.schema.fields)]);
  const wordProblems = words(m.schema.fields, valid);
  if (wordProblems.length) refuse(m.schema.fields, wordProblems);
  for (const l of links) {
    (children[l.spec.key] ?? []).forEach((row, i) => {
      const p = words(l.model.schema.fields, row);
      if (p.length) refuse(l.model.schema.fields, p, rowLabel(l, i), `${l.spec.key}[${i}].`);
    });
  }

  // compute
  await computeValues(ctx, m, { values: valid, children, links, tenantId: caller.tenantId, ...(existing ? { existing, id: String(existing.id) } : {}) });
  const values = await columnValues(m, valid, mode, serverWrittenKeys(m));
  return { valid, children, links, values };
}
