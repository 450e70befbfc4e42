/**
 * The detail view of a record as plain data: a description list per form section, each item a
 * field shown the way its list cell shows it (dictionary / relation labels, money, dates, masks),
 * never cut; wide kinds (text areas, rich text, uploads …) take the whole row. The fields are those
 * a detail shows (`inForm(f, 'detail')`), in the form's sections and order.
 */
import type { FieldSchema, ResourceSchema } from '../schema/types.js';
import { KINDS } from '../kinds/index.js';
import { fieldColumn, type ColumnSpec } from './columns.js';
import { inForm, placeInSections } from './formily.js';

export interface DetailItem {
  field: FieldSchema;
  spec: ColumnSpec;
  /** Columns the item spans (the whole row for wide kinds). */
  span: number;
}

export interface DetailSection {
  title?: string;
  items: DetailItem[];
}

/** Description-list columns: the form's columns (at most 2, so values have room). */
export function detailColumns(schema: ResourceSchema): number {
  return Math.min(schema.form?.columns ?? 1, 2);
}

export function toDetailSections(schema: ResourceSchema): DetailSection[] {
  const columns = detailColumns(schema);
  const fields = schema.fields.filter((f) => inForm(f, 'detail'));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return placeInSections(schema, fields)
    .filter((s) => s.keys.length > 0)
    .map((s) => ({
      ...(s.title ? { title: s.title } : {}),
      items: s.keys.map((k) => {
        const field = byKey.get(k)!;
        const opts = field.form && typeof field.form === 'object' ? field.form : {};
        const span = KINDS[field.kind].wide ? columns : Math.min(opts.span ?? 1, columns);
        return { field, spec: { ...fieldColumn(field), ellipsis: false as const }, span };
      }),
    }));
}
