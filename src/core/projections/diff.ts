/**
 * Side-by-side comparison of two versions of a record (数据日志, the audit timeline): one row per
 * declared field that either version shows, in declaration order, with both values as text and
 * whether they differ. A field's label companion (`<key>_dictText`) is preferred when present;
 * empty values (undefined, null, '') are equal; objects compare by their JSON.
 */
import type { FieldSchema } from '../schema/types.js';

export interface VersionDiffRow {
  key: string;
  title: string;
  left: string;
  right: string;
  changed: boolean;
}

type Rec = Record<string, unknown>;

function text(rec: Rec | null | undefined, key: string): string {
  if (!rec) return '';
  const label = rec[`${key}_dictText`];
  const v = label !== undefined && label !== null && label !== '' ? label : rec[key];
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Rows of the comparison; `onlyChanged` keeps the differing ones. */
export function diffVersions(fields: readonly FieldSchema[], left: Rec | null, right: Rec | null, onlyChanged = false): VersionDiffRow[] {
  const rows: VersionDiffRow[] = [];
  for (const f of fields) {
    if (f.writeOnly) continue;
    const l = text(left, f.key);
    const r = text(right, f.key);
    if (!l && !r) continue;
    const changed = l !== r;
    if (onlyChanged && !changed) continue;
    rows.push({ key: f.key, title: f.title, left: l, right: r, changed });
  }
  return rows;
}
