/**
 * Master-detail: a child resource (schema `children[]`) edited inside the
 * parent form as an editable table (form chunk only).
 *
 * - Columns: `child.fields` or the child's form fields, minus the foreign key;
 *   inline cells by kind (the child schema's widgets), the child's own rules
 *   (core `fieldRules` / `checkRule`: same messages as the server).
 * - 添加一行 / 删除; `min` / `max` rows checked before save.
 * - Rows live in this component (not in Formily: 200 reactive rows would be
 *   slow); the parent form reads them through the handle when it saves, so the
 *   children go out in the same add/edit call as `<childKey>: [rows]`.
 * - Server errors `<childKey>[i].<field>` / `<childKey>.<i>.<field>` land in the cell.
 * - Virtual rows (antd Table `virtual`) past VIRTUAL_AFTER rows; cells are
 *   memoised per row so typing re-renders one row.
 * - Detail mode: read-only cells with the list renderers (dict labels,
 *   thousands separators, dates, ellipsis).
 */
import { forwardRef, memo, useCallback, useImperativeHandle, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ChildSchema, FieldSchema, ResourceSchema } from '../../core/schema/types';
import { fieldRules, checkRule } from '../../core/validators/rules';
import { findField } from '../../core/schema/naming';
import { CellEditor } from './cellEditors';
import { cellSpecs } from './projections';
import { renderCell } from './renderers';
import type { Row } from './api';

export const VIRTUAL_AFTER = 50;
export const SUB_TEXTS = {
  add: '添加一行',
  remove: '删除',
  index: '序号',
  actions: '操作',
  min: (title: string, n: number) => `${title}至少需要${n}行`,
  max: (title: string, n: number) => `${title}最多${n}行`,
} as const;

type EditRow = Row & { _key: string };

export interface SubTableHandle {
  /** Rows for the payload: `_key` / `_dictText` / the foreign key removed. */
  rows(): Row[];
  /** Client validation of every cell and the row count; false when something is wrong. */
  validate(): boolean;
  /** Server errors for this child: index (0-based) + field -> message. */
  setServerErrors(errors: Array<{ index: number; field: string; message: string }>): void;
}

export interface SubTableProps {
  child: ChildSchema;
  schema: ResourceSchema;
  initial: Row[];
  readOnly?: boolean;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);
let seq = 0;
const newKey = () => `r${(seq += 1)}`;

/** Child fields edited inline. */
export function childFields(child: ChildSchema, schema: ResourceSchema): FieldSchema[] {
  const keys = child.fields ?? schema.fields.filter((f) => f.form !== false && !f.hidden && !f.readOnly).map((f) => f.key);
  return keys.filter((k) => k !== child.foreignKey).map((k) => findField(schema, k)).filter((f): f is FieldSchema => !!f && !f.writeOnly);
}

export function cellError(f: FieldSchema, value: unknown): string | undefined {
  const rules = fieldRules(f);
  if (isEmpty(value)) return rules.find((r) => r.type === 'required')?.message;
  for (const r of rules) {
    const m = checkRule(r, value);
    if (m) return m;
  }
  return undefined;
}

/** `items[1].dose` / `items.1.dose` -> {key, index, field}. */
export function parseChildError(field: string): { key: string; index: number; field: string } | undefined {
  const m = /^([A-Za-z_$][\w$]*)(?:\[(\d+)\]|\.(\d+))\.([\w$]+)$/.exec(field);
  if (!m) return undefined;
  return { key: m[1]!, index: Number(m[2] ?? m[3]), field: m[4]! };
}


interface RowProps {
  source: string;
  row: EditRow;
  index: number;
  f: FieldSchema;
  error?: string;
  onCell: (key: string, field: string, value: unknown) => void;
}

const EditCell = memo(function EditCell({ source, row, index, f, error, onCell }: RowProps) {
  return (
    <div data-cell={`${index}.${f.key}`}>
      <CellEditor f={f} source={source} value={row[f.key]} labels={typeof row[`${f.key}_dictText`] === 'string' ? String(row[`${f.key}_dictText`]) : undefined} label={`${f.title} 第${index + 1}行`} error={error} onChange={(v) => onCell(row._key, f.key, v)} />
      {error && <Typography.Text type="danger" style={{ fontSize: 12 }}>{error}</Typography.Text>}
    </div>
  );
});

export const SubTable = forwardRef<SubTableHandle, SubTableProps>(function SubTable({ child, schema, initial, readOnly }, ref) {
  const fields = useMemo(() => childFields(child, schema), [child, schema]);
  const [rows, setRows] = useState<EditRow[]>(() => initial.map((r) => ({ ...r, _key: newKey() })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [countError, setCountError] = useState<string | undefined>();
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const onCell = useCallback((key: string, field: string, value: unknown) => {
    setRows((rs) => rs.map((r) => (r._key === key ? { ...r, [field]: value } : r)));
    setErrors((es) => {
      const k = `${key}.${field}`;
      if (!es[k]) return es;
      const n = { ...es };
      delete n[k];
      return n;
    });
  }, []);

  const add = () => {
    const r: EditRow = { _key: newKey() };
    for (const f of fields) if (f.default !== undefined) r[f.key] = structuredClone(f.default);
    setRows((rs) => [...rs, r]);
    setCountError(undefined);
  };
  const remove = (key: string) => {
    setRows((rs) => rs.filter((r) => r._key !== key));
    setCountError(undefined);
  };

  useImperativeHandle(ref, () => ({
    rows: () => rowsRef.current.map((r) => {
      const out: Row = {};
      if (r.id !== undefined && r.id !== null && r.id !== '') out.id = r.id;
      for (const f of fields) if (r[f.key] !== undefined) out[f.key] = r[f.key];
      return out;
    }),
    validate: () => {
      const next: Record<string, string> = {};
      for (const r of rowsRef.current) {
        for (const f of fields) {
          const m = cellError(f, r[f.key]);
          if (m) next[`${r._key}.${f.key}`] = m;
        }
      }
      const n = rowsRef.current.length;
      const count = child.min !== undefined && n < child.min ? SUB_TEXTS.min(child.title, child.min)
        : child.max !== undefined && n > child.max ? SUB_TEXTS.max(child.title, child.max) : undefined;
      setErrors(next);
      setCountError(count);
      return !Object.keys(next).length && !count;
    },
    setServerErrors: (list) => {
      const next: Record<string, string> = {};
      for (const e of list) {
        const r = rowsRef.current[e.index];
        if (r) next[`${r._key}.${e.field}`] = e.message;
      }
      setErrors((es) => ({ ...es, ...next }));
    },
  }), [fields, child]);

  const specs = useMemo(() => {
    const byKey = new Map(cellSpecs(schema).map((c) => [c.key, c]));
    return fields.map((f) => byKey.get(f.key));
  }, [schema, fields]);

  const columns = useMemo(() => {
    const cols: Array<{ key: string; title: ReactNode; width?: number; render: (v: unknown, r: EditRow, i: number) => ReactNode }> = [
      { key: '__index', title: SUB_TEXTS.index, width: 60, render: (_v, _r, i) => i + 1 },
    ];
    fields.forEach((f, j) => {
      const spec = specs[j];
      cols.push({
        key: f.key,
        title: f.required && !readOnly ? <span><span style={{ color: '#ff4d4f' }}>*</span>{f.title}</span> : f.title,
        width: (f.list && typeof f.list === 'object' ? f.list.width : undefined) ?? 160,
        render: (_v, r, i) => (readOnly
          ? (spec ? renderCell(r[f.key], r, spec) : String(r[f.key] ?? '-'))
          : <EditCell source={schema.name} row={r} index={i} f={f} error={errors[`${r._key}.${f.key}`]} onCell={onCell} />),
      });
    });
    if (!readOnly) {
      cols.push({ key: '__actions', title: SUB_TEXTS.actions, width: 72, render: (_v, r) => <a onClick={() => remove(r._key)}>{SUB_TEXTS.remove}</a> });
    }
    return cols;
  }, [fields, specs, errors, readOnly, onCell, schema.name]);

  const virtual = rows.length > VIRTUAL_AFTER;
  const width = columns.reduce((s, c) => s + (c.width ?? 160), 0);
  return (
    <div data-testid={`sub-table-${child.key}`} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '8px 0' }}>
        <Typography.Text strong>{child.title}</Typography.Text>
        {!readOnly && <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={add}>{SUB_TEXTS.add}</Button>}
      </div>
      <Table<EditRow>
        size="small"
        rowKey="_key"
        bordered
        pagination={false}
        dataSource={rows}
        columns={columns}
        virtual={virtual}
        scroll={virtual ? { x: width, y: 480 } : { x: 'max-content' }}
      />
      {countError && <Typography.Text type="danger">{countError}</Typography.Text>}
    </div>
  );
});
