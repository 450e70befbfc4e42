/**
 * Reference checks of the write pipeline: every id a `ref` / `refs` / `treeRef` value names must
 * be a record of the target resource in the tenant the write acts on and pass the field's
 * `ref.filter` (constants, and `{field}` filters against the row's value of that field, as its
 * option list does), else 400 `<title>：选择的记录不存在或无权使用`; a record of the tenant that
 * fails a constant filter is named by it: 400 `<title>：只能选择<filter field title>为「<value text>」的记录`
 * (e.g. `优惠券：只能选择状态为「进行中」的记录`).
 * On edit, ids the row already holds are not checked again (a record deleted since does not
 * block unrelated edits) unless a field they are filtered by changes; every id added is.
 *
 * `ref.grantSubset`: the referenced records grant permission codes (e.g. roles); the caller may
 * only add records whose codes she holds herself, else 400 `<title>：不能授予超出本人权限的记录`.
 * What codes a record grants comes from a provider its system registers for the target
 * resource (registerGrantedCodes); a schema naming grantSubset without one fails at start.
 */
import type { Kysely } from 'kysely';
import type { FieldSchema } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import type { Caller } from './write.js';
import { callerCan } from './guard.js';

type Db = Kysely<any>;
type Rec = Record<string, unknown>;

export const MSG_REF_INVALID = '选择的记录不存在或无权使用';
export const MSG_GRANT_EXCEEDS = '不能授予超出本人权限的记录';

const REF_KINDS = new Set(['ref', 'refs', 'treeRef']);
const CHUNK = 500;

/** Codes each of `ids` (records of one resource, in `tenantId`) grants. */
export type GrantedCodes = (db: Db, ids: string[], tenantId: number) => Promise<Map<string, string[]>>;
const grantProviders = new Map<string, GrantedCodes>();

export function registerGrantedCodes(resource: string, fn: GrantedCodes): void {
  grantProviders.set(resource, fn);
}

export function hasGrantedCodes(resource: string): boolean {
  return grantProviders.has(resource);
}

export const isRefField = (f: FieldSchema) => REF_KINDS.has(f.kind) && !!f.ref;

/** The ids one ref value names (refs: comma-joined or an array). */
export function refIds(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [];
  const parts = Array.isArray(v) ? v.map(String) : String(v).split(',');
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

export interface RefRow {
  /** Validated values by field key. */
  values: Rec;
  /** edit: the stored values by field key (API record), whose ids are kept unchecked. */
  stored?: Rec | null;
}

export interface RefError {
  /** Index of the row in the checked list. */
  row: number;
  field: string;
  title: string;
  message: string;
}

/** The text a constant filter value reads as: a dictionary item's text, 是/否, else the value. */
function valueText(ctx: AppContext, f: FieldSchema, v: string | number | boolean): string {
  if (typeof v === 'boolean') return v ? '是' : '否';
  const item = f.dict ? ctx.registry.dicts.get(f.dict)?.items.find((i) => i.value === String(v)) : undefined;
  return item?.text ?? String(v);
}

/**
 * Checks the ref fields of `rows` (one query per field and chunk of ids, not per row);
 * returns every problem found, at most one per row and field.
 */
export async function checkRefs(ctx: AppContext, db: Db, fields: FieldSchema[], rows: RefRow[], caller: Caller): Promise<RefError[]> {
  const errors: RefError[] = [];
  for (const f of fields) {
    if (!isRefField(f) || !rows.some((r) => Object.prototype.hasOwnProperty.call(r.values, f.key))) continue;
    const ref = f.ref!;
    const fieldFilters = Object.entries(ref.filter ?? {}).flatMap(([k, spec]) => ('field' in spec ? [{ targetKey: k, source: spec.field }] : []));
    /** The value a `{field}` filter compares with: what this write sends, else what the row holds. */
    const sourceOf = (r: RefRow, key: string) => (Object.prototype.hasOwnProperty.call(r.values, key) ? r.values[key] : r.stored?.[key]);
    const perRow = rows.map((r) => {
      if (!Object.prototype.hasOwnProperty.call(r.values, f.key)) return [];
      // ids the row already holds are kept unchecked, unless a value they are filtered by changes
      const moved = fieldFilters.some((x) => r.stored && String(sourceOf(r, x.source) ?? '') !== String(r.stored[x.source] ?? ''));
      const kept = new Set(moved ? [] : refIds(r.stored?.[f.key]));
      return refIds(r.values[f.key]).filter((id) => !kept.has(id));
    });
    const wanted = [...new Set(perRow.flat())];
    if (!wanted.length) continue;
    const target = ctx.models.get(ref.resource);
    const valueKey = ref.value ?? 'id';
    const valueCol = valueKey === 'id' ? 'id' : target?.byKey.get(valueKey)?.column;
    // value -> record id of the visible records; value -> its `{field}` filter columns
    const found = new Map<string, string>();
    const filtered = new Map<string, Rec>();
    // value -> the message of the first constant filter the record fails
    const refused = new Map<string, string>();
    const dependent = target ? fieldFilters.flatMap((x) => {
      const c = target.byKey.get(x.targetKey);
      return c ? [{ ...x, column: c.column, multi: c.multi }] : [];
    }) : [];
    if (target && valueCol) {
      const constants = Object.entries(ref.filter ?? {}).flatMap(([k, spec]) => {
        const c = target.byKey.get(k);
        return 'value' in spec && c ? [{ column: c.column, value: spec.value, multi: c.multi, field: c.field }] : [];
      });
      for (let i = 0; i < wanted.length; i += CHUNK) {
        const got = await db
          .selectFrom(target.table)
          .select(['id', `${valueCol} as __v`, ...new Set([...constants.map((c) => c.column), ...dependent.map((d) => d.column)])])
          .where('tenant_id', '=', caller.tenantId)
          .where(valueCol, 'in', wanted.slice(i, i + CHUNK))
          .execute();
        for (const g of got) {
          const failed = constants.find((c) => {
            const want = typeof c.value === 'boolean' ? (c.value ? 1 : 0) : c.value;
            const have = g[c.column];
            return !(c.multi ? String(have ?? '').split(',').includes(String(want)) : String(have) === String(want) || have === want);
          });
          if (failed) refused.set(String(g.__v), `只能选择${failed.field.title}为「${valueText(ctx, failed.field, failed.value)}」的记录`);
          else {
            found.set(String(g.__v), String(g.id));
            filtered.set(String(g.__v), g as Rec);
          }
        }
      }
    }
    let granted: Map<string, string[]> | undefined;
    if (ref.grantSubset && found.size) {
      const provider = grantProviders.get(ref.resource);
      granted = provider ? await provider(db, [...new Set(found.values())], caller.tenantId) : new Map();
    }
    // a `{field}` filter: the record must match the row's value of that field (when it has one)
    const matches = (r: RefRow, id: string) => dependent.every((d) => {
      const want = sourceOf(r, d.source);
      if (want === undefined || want === null || want === '') return true;
      const wants = String(want).split(',');
      const have = filtered.get(id)?.[d.column];
      return d.multi ? String(have ?? '').split(',').some((x) => wants.includes(x)) : wants.includes(String(have));
    });
    perRow.forEach((ids, row) => {
      if (ids.some((id) => !found.has(id) || !matches(rows[row]!, id))) {
        const named = ids.map((id) => refused.get(id)).find((m) => m !== undefined);
        errors.push({ row, field: f.key, title: f.title, message: named ?? MSG_REF_INVALID });
        return;
      }
      if (!granted) return;
      const exceeds = ids.some((id) => (granted!.get(found.get(id)!) ?? []).some((code) => !callerCan(caller.user, code)));
      if (exceeds) errors.push({ row, field: f.key, title: f.title, message: MSG_GRANT_EXCEEDS });
    });
  }
  return errors;
}
