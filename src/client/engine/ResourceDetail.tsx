/**
 * The detail view of a record: one antd description list per form section (core
 * `toDetailSections`), each value shown as its list cell shows it; an empty value is `-`.
 * Fields the caller may not view are left out; a field its condition hides is not shown.
 */
import { Descriptions } from 'antd';
import { useMemo } from 'react';
import type { ResourceSchema } from '../../core/schema/types';
import { detailColumns, toDetailSections } from '../../core/projections/detail';
import { evaluateCondition } from '../../core/validators';
import type { Allowed } from '../state/permissions';
import type { Row } from './api';
import { renderCell } from './renderers';

export function ResourceDetail({ schema, record, allowed }: { schema: ResourceSchema; record: Row; allowed: Allowed }) {
  const sections = useMemo(() => toDetailSections(schema), [schema]);
  const column = detailColumns(schema);
  return (
    <div data-testid="resource-detail">
      {sections.map((s, i) => {
        const items = s.items
          .filter(({ field }) => allowed(schema, { action: 'view', field: field.key }))
          .filter(({ field }) => !field.visibleWhen || evaluateCondition(field.visibleWhen, record))
          .map(({ field, spec, span }) => ({
            key: field.key,
            label: field.title,
            span,
            children: renderCell(record[field.key], record, spec),
          }));
        if (!items.length) return null;
        return (
          <Descriptions
            key={s.title ?? `s${i}`}
            title={s.title}
            bordered
            size="small"
            column={column}
            items={items}
            styles={{ label: { width: column > 1 ? 120 : 140, whiteSpace: 'nowrap' } }}
            style={{ marginBottom: 16 }}
          />
        );
      })}
    </div>
  );
}
