/**
 * Inline editors of a sub-table cell, registered against the field kind (the kinds' form
 * widgets are too heavy for 200 rows of cells). A kind without an entry is edited as text.
 */
import type { ReactElement } from 'react';
import { DatePicker, Input, InputNumber, Switch } from 'antd';
import dayjs from 'dayjs';
import { KINDS } from '../../core/kinds';
import type { FieldKind, FieldSchema } from '../../core/schema/types';
import { DictSelect } from './fields/DictSelect';
import { RefSelect } from './fields/RefSelect';
import { SuggestInput } from './fields/SuggestInput';

export interface CellEditorProps {
  f: FieldSchema;
  /** The child resource (names the relation for GET /sys/ref/options). */
  source: string;
  value: unknown;
  labels?: string;
  onChange: (v: unknown) => void;
  error?: string;
  label: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);
const common = (p: CellEditorProps) => ({ 'aria-label': p.label, status: p.error ? ('error' as const) : undefined });

const numberEditor = (p: CellEditorProps) => (
  <InputNumber {...common(p)} style={{ width: '100%' }} value={(p.value as number | null | undefined) ?? null} min={p.f.min} max={p.f.max}
    precision={KINDS[p.f.kind].numeric === 'integer' ? 0 : p.f.precision ?? KINDS[p.f.kind].precision}
    onChange={(v) => p.onChange(v ?? undefined)} />
);
const dateEditor = (p: CellEditorProps) => (
  <DatePicker {...common(p)} style={{ width: '100%' }} showTime={p.f.kind === 'datetime'} value={isEmpty(p.value) ? null : dayjs(String(p.value))}
    onChange={(d) => p.onChange(d ? d.format(p.f.format ?? KINDS[p.f.kind].dateFormat!) : undefined)} />
);
// options by named id: the child resource (the cell's schema) + field
const refEditor = (p: CellEditorProps) => (p.f.ref
  ? <RefSelect source={p.source} field={p.f.key} multiple={KINDS[p.f.kind].multiValued === true} value={p.value} labels={p.labels} onChange={p.onChange} placeholder={`请选择${p.f.title}`} />
  : null);
const textEditor = (p: CellEditorProps) => (
  <Input {...common(p)} value={isEmpty(p.value) ? '' : String(p.value)} maxLength={p.f.maxLength} placeholder={`请输入${p.f.title}`}
    onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)} />
);

const CELL_EDITORS: Partial<Record<FieldKind, (p: CellEditorProps) => ReactElement | null>> = {
  integer: numberEditor,
  number: numberEditor,
  money: numberEditor,
  boolean: (p) => <Switch aria-label={p.label} checked={p.value === true || p.value === 1 || p.value === '1' || p.value === 'true'} onChange={(v) => p.onChange(v)} />,
  date: dateEditor,
  datetime: dateEditor,
  dict: (p) => <DictSelect dict={p.f.dict} multiple={p.f.multiple} value={p.value} onChange={p.onChange} placeholder={`请选择${p.f.title}`} />,
  ref: refEditor,
  refs: refEditor,
};

// `suggestions`: free text with the declared values offered
const suggestEditor = (p: CellEditorProps) => (
  <SuggestInput aria-label={p.label} status={p.error ? 'error' : undefined} value={isEmpty(p.value) ? '' : String(p.value)} options={p.f.suggestions} maxLength={p.f.maxLength}
    placeholder={`请输入${p.f.title}`} onChange={(v) => p.onChange(v === '' ? undefined : v)} />
);

export function CellEditor(p: CellEditorProps): ReactElement | null {
  if (p.f.suggestions?.length) return suggestEditor(p);
  return (CELL_EDITORS[p.f.kind] ?? textEditor)(p);
}
