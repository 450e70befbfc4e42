/**
 * Fixed demo records (`demo.records`) name a row of another resource by its label (a department
 * role's 所属部门 by 机构名称): each such ref gets the value it stores (the ref's `value`, default
 * the id) of that resource's row seeded for the same tenant. A name no row has stays as written.
 */
import type { ResourceSchema } from '../../core/schema/types.js';
import type { Row } from './context.js';

export function recordsWithRefs(schema: ResourceSchema, records: readonly Row[], refRows: Record<string, ReadonlyArray<Row>>): Row[] {
  const out = records.map((r) => ({ ...r }));
  for (const f of schema.fields) {
    const spec = f.ref;
    if (f.kind !== 'ref' || !spec || spec.resource === schema.name) continue;
    const byLabel = new Map((refRows[spec.resource] ?? []).map((r) => [String(r[spec.label]), r[spec.value ?? 'id']]));
    for (const rec of out) {
      const target = rec[f.key] == null ? undefined : byLabel.get(String(rec[f.key]));
      if (target !== undefined) rec[f.key] = target;
    }
  }
  return out;
}
