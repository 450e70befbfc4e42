/** Shared types of the demo-data generator: options, the per-schema plan, the per-row context. */
import type { DictSchema, FieldSchema, ResourceSchema } from '../../core/schema/types.js';
import type { Permutation, Rng } from './prng.js';

export interface DemoOptions {
  /** Same seed, schema and index give the same row, whatever the count. */
  seed: number;
  tenantId: number;
  dicts: Map<string, DictSchema> | Record<string, DictSchema>;
  /** Ids of already stored rows per resource, for ref/refs fields. */
  refIds?: Record<string, readonly string[]>;
  /**
   * Stored rows per resource (each with `id`), for refs with a `filter` (a doctor's
   * departments from the doctor's hospital) and label-aware choices. Takes precedence over refIds.
   */
  refRows?: Record<string, ReadonlyArray<Record<string, unknown>>>;
  /** Index of the first row (to append more rows later without repeating unique values). */
  startIndex?: number;
  /** Reference "today" for generated dates (default 2025-12-31, fixed so output never drifts). */
  now?: Date | string;
}

export type Row = Record<string, unknown>;

export interface Plan {
  schema: ResourceSchema;
  seed: number;
  tenantId: number;
  now: Date;
  /** Rows this plan may produce (startIndex + count): sizes the unique-number spaces. */
  capacity: number;
  /** Birth-date range of persons (ms, UTC), as days count. */
  birthStart: number;
  birthDays: number;
  dict(code: string): DictSchema;
  dictValues(code: string): readonly string[];
  dictText(code: string, value: string): string | undefined;
  dictValueByText(code: string, text: string): string | undefined;
  perm(name: string, n: number): Permutation;
  /** Fixed-width decimal string unique per row index (at least `minDigits`). */
  uniqueDigits(name: string, index: number, minDigits: number): string;
  /** Item of `list` for this index, a seeded shuffle so the first list.length rows are distinct. */
  distinct<T>(name: string, list: readonly T[], index: number): { item: T; round: number };
  refCandidates(resource: string): ReadonlyArray<Record<string, unknown>>;
  /** False when `value` of ref field `key` would leave a required filtered ref of this row without candidates. */
  refUsable(key: string, value: unknown): boolean;
  /** Candidates of an unfiltered ref field narrowed with refUsable (computed once per field). */
  refUsableRows(key: string, rows: ReadonlyArray<Record<string, unknown>>, valueKey: string): ReadonlyArray<Record<string, unknown>>;
}

export interface RowCtx {
  plan: Plan;
  rng: Rng;
  /** Global row index (startIndex + position). */
  index: number;
  /** Values generated so far (declared keys, null until generated). */
  row: Row;
  /** Row-scoped facts shared by several fields (the person behind a name, the drug behind a spec). */
  memo: Map<string, unknown>;
}

export type NamedGenerator = (c: RowCtx, f: FieldSchema) => unknown;
