/**
 * A module schema seen by the server: table, columns and the conversions between
 * API values and stored values. Column names follow the contract: snake_case of the key.
 */
import { hasDictText, isMultiValued, snakeCase } from '../../core/schema/naming.js';
import { PLATFORM_SERVICES, type FieldSchema, type PlatformService, type ResourceSchema } from '../../core/schema/types.js';
import type { Registry } from '../../core/schema/registry.js';
import { KINDS, fromFen, toFen, type Storage } from '../../core/kinds/index.js';
import { SYSTEM_FIELDS } from '../../core/schema/system-columns.js';
import { substringIndexSpec, type SubstringIndexSpec } from '../../core/projections/sql.js';

export type { Storage };

export interface FieldCol {
  field: FieldSchema;
  key: string;
  /** Column holding the value; for password kinds the `<col>_hash` column. */
  column: string;
  storage: Storage;
  multi: boolean;
  /** Never leaves the server (writeOnly or password). */
  secret: boolean;
}

export interface ResourceModel {
  schema: ResourceSchema;
  name: string;
  table: string;
  fields: FieldCol[];
  byKey: Map<string, FieldCol>;
  /** Fields that are returned by the API. */
  readable: FieldCol[];
  unique: FieldCol[];
  labelled: FieldCol[];
  /** Columns selected for list/queryById (system + readable). */
  selectColumns: string[];
  /** The n-gram index of `index: "substring"` fields (db/substring-index.ts). */
  substring?: SubstringIndexSpec;
  /** Where the 编码规则 its `autoNumber.rule` fields name are kept (the module serving `fillRules`). */
  fillRules?: FillRuleSource;
}

/** The fill-rule module's table and the columns of the fields the numbering reads (`PLATFORM_SERVICES.fillRules`). */
export interface FillRuleSource {
  table: string;
  columns: Record<(typeof PLATFORM_SERVICES)['fillRules']['fields'][number], string>;
}

/** The fill-rule source of a registry: the module serving `fillRules`, if any (its fields are linted). */
export function fillRuleSource(registry: Registry): FillRuleSource | undefined {
  const s = registry.serving('fillRules');
  if (!s) return undefined;
  const m = buildModel(s);
  const column = (k: string) => {
    const c = m.byKey.get(k);
    if (!c) throw new Error(`${s.name}: serves fillRules without the field "${k}"`);
    return c.column;
  };
  return { table: m.table, columns: Object.fromEntries(PLATFORM_SERVICES.fillRules.fields.map((k) => [k, column(k)])) as FillRuleSource['columns'] };
}

/** The system columns (src/core/schema/system-columns.ts). */
export const SYSTEM_COLS: ReadonlyArray<{ key: string; column: string; storage: Storage }> = SYSTEM_FIELDS;

/** Column storage of a field: its kind's (src/core/kinds). */
export function storageOf(f: FieldSchema): Storage {
  return KINDS[f.kind].storage;
}

export function tableName(schema: ResourceSchema): string {
  return schema.table ?? snakeCase(schema.name);
}

/** The server view of a schema; `fillRules`: where the rules its `autoNumber.rule` fields name are kept. */
export function buildModel(schema: ResourceSchema, fillRules?: FillRuleSource): ResourceModel {
  const fields: FieldCol[] = schema.fields.map((f) => {
    const col = snakeCase(f.key);
    const password = f.kind === 'password';
    return {
      field: f,
      key: f.key,
      column: password ? `${col}_hash` : col,
      storage: storageOf(f),
      multi: isMultiValued(f),
      secret: password || f.writeOnly === true,
    };
  });
  const readable = fields.filter((c) => !c.secret);
  return {
    schema,
    name: schema.name,
    table: tableName(schema),
    fields,
    byKey: new Map(fields.map((c) => [c.key, c])),
    readable,
    unique: fields.filter((c) => c.field.unique && !c.secret),
    labelled: readable.filter((c) => hasDictText(c.field)),
    selectColumns: [...SYSTEM_COLS.map((s) => s.column), ...readable.map((c) => c.column)],
    substring: substringIndexSpec(schema),
    ...(fillRules && schema.fields.some((f) => f.autoNumber?.rule) ? { fillRules } : {}),
  };
}

/**
 * The model of the resource serving a platform service (`serves`), if the schemas hold one; the
 * loader checked it declares the fields the service reads (`PLATFORM_SERVICES`).
 */
export function servingModel(models: ReadonlyMap<string, ResourceModel>, registry: Registry, service: PlatformService): ResourceModel | undefined {
  const s = registry.serving(service);
  return s ? models.get(s.name) : undefined;
}

/** Stored value -> API value. */
export function fromStored(storage: Storage, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (storage) {
    case 'bool':
      return v === 1 || v === true || v === '1' || v === 'true';
    case 'integer':
    case 'real':
      return typeof v === 'number' ? v : Number(v);
    case 'fen':
      // whole fen in the column -> yuan on the wire (a REAL column migrated on SQLite reads 1234.0)
      return fromFen(Math.round(Number(v)));
    default:
      return typeof v === 'string' ? v : String(v);
  }
}

/** API value (already validated) -> stored value. */
export function toStored(c: Pick<FieldCol, 'storage' | 'multi' | 'field'>, v: unknown): unknown {
  if (v === null || v === undefined || v === '') return c.storage === 'text' && v === '' ? '' : null;
  if (c.multi && Array.isArray(v)) return v.map(String).join(',');
  switch (c.storage) {
    case 'bool':
      return v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0;
    case 'integer':
      return typeof v === 'number' ? Math.trunc(v) : Number.parseInt(String(v), 10);
    case 'real':
      return typeof v === 'number' ? v : Number(v);
    case 'fen':
      // yuan (validated: at most the field's decimals) -> whole fen, half-up at the fen
      return toFen(typeof v === 'number' ? v : String(v));
    default:
      if (c.field.kind === 'json' && typeof v === 'object') return JSON.stringify(v);
      return typeof v === 'string' ? v : String(v);
  }
}

/** Row read as an array in `selectColumns` order -> API record, as rowToRecord answers it. */
export function arrayToRecord(m: ResourceModel, row: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = 0;
  for (const s of SYSTEM_COLS) out[s.key] = fromStored(s.storage, row[i++]);
  for (const c of m.readable) out[c.key] = fromStored(c.storage, row[i++]);
  return out;
}

/** Row (snake_case columns) -> API record (readable fields + system columns). */
export function rowToRecord(m: ResourceModel, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of SYSTEM_COLS) out[s.key] = fromStored(s.storage, row[s.column]);
  for (const c of m.readable) out[c.key] = fromStored(c.storage, row[c.column]);
  return out;
}
