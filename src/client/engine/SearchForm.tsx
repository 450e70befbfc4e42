/**
 * The list's search form, from `toSearchFields`: QueryFilter (查询 / 重置,
 * collapse after the first row). It only reports values; the list owns the
 * request. Range fields use a RangePicker (dates) or two numbers; `in` fields
 * are multi-selects. Dict and ref fields reuse the form widgets.
 */
import { KINDS } from '../../core/kinds';
import type { FieldKind } from '../../core/schema/types';
import { useMemo, useRef } from 'react';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import { ProForm, QueryFilter, type ProFormInstance } from '@ant-design/pro-components';
import type { ResourceSchema } from '../../core/schema/types';
import { findField } from '../../core/schema/naming';
import { DictSelect } from './fields/DictSelect';
import { RefSelect } from './fields/RefSelect';
import { searchFields, type SearchFieldSpec } from './projections';

export interface SearchFormProps {
  schema: ResourceSchema;
  onSearch: (values: Record<string, unknown>) => void;
  /** Values restored from the URL (the form is re-keyed when they change from outside). */
  initialValues?: Record<string, unknown>;
}

/** Date and number search widgets follow the field kind's descriptor. */
const isDateKind = (k: FieldKind) => KINDS[k].dateFormat !== undefined;
const isNumberKind = (k: FieldKind) => KINDS[k].numeric !== undefined;

/** Two numbers for a numeric range: value is [min, max]. */
function NumberRange({ value, onChange }: { value?: [unknown, unknown]; onChange?: (v: [unknown, unknown] | undefined) => void }) {
  const [a, b] = value ?? [undefined, undefined];
  const set = (i: 0 | 1, v: number | string | null) => {
    const next: [unknown, unknown] = i === 0 ? [v ?? undefined, b] : [a, v ?? undefined];
    onChange?.(next[0] === undefined && next[1] === undefined ? undefined : next);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber style={{ width: '50%' }} placeholder="最小值" value={a as number | undefined} onChange={(v) => set(0, v)} />
      <InputNumber style={{ width: '50%' }} placeholder="最大值" value={b as number | undefined} onChange={(v) => set(1, v)} />
    </Space.Compact>
  );
}

function widget(schema: ResourceSchema, s: SearchFieldSpec) {
  const field = findField(schema, s.key);
  if (s.kind === 'dict') {
    return <DictSelect dict={s.dict} multiple={s.multiple} placeholder={`请选择${s.title}`} />;
  }
  if ((s.kind === 'ref' || s.kind === 'refs') && field?.ref) {
    // options by named id (this resource + field), never the target's own list
    return <RefSelect source={schema.name} field={field.key} multiple={s.mode === 'in'} placeholder={`请选择${s.title}`} />;
  }
  if (s.kind === 'boolean') {
    return <Select allowClear placeholder="请选择" options={[{ value: 'true', label: '是' }, { value: 'false', label: '否' }]} />;
  }
  if (isDateKind(s.kind)) {
    if (s.mode === 'range') {
      return <DatePicker.RangePicker style={{ width: '100%' }} showTime={s.kind === 'datetime'} picker={s.kind === 'time' ? 'time' : 'date'} />;
    }
    return <DatePicker style={{ width: '100%' }} showTime={s.kind === 'datetime'} picker={s.kind === 'time' ? 'time' : 'date'} />;
  }
  if (isNumberKind(s.kind)) {
    return s.mode === 'range' ? <NumberRange /> : <InputNumber style={{ width: '100%' }} placeholder={`请输入${s.title}`} />;
  }
  return <Input allowClear placeholder={`请输入${s.title}`} />;
}

/** Drops empty values; core buildListQuery formats dates by kind and splits ranges. */
export function normalizeSearch(schema: ResourceSchema, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of searchFields(schema)) {
    const v = values[s.key];
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === '')) continue;
    out[s.key] = v;
  }
  return out;
}

export function SearchForm({ schema, onSearch, initialValues }: SearchFormProps) {
  const fields = useMemo(() => searchFields(schema), [schema]);
  const formRef = useRef<ProFormInstance>(undefined);
  if (!fields.length) return null;
  return (
    <div className="resource-search" style={{ marginBottom: 16 }}>
      <QueryFilter
        defaultCollapsed={!initialValues || !Object.keys(initialValues).length}
        initialValues={initialValues}
        labelWidth="auto"
        span={{ xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 }}
        onFinish={async (values: Record<string, unknown>) => {
          onSearch(normalizeSearch(schema, values));
          return true;
        }}
        formRef={formRef}
        onReset={() => {
          // resetFields goes back to the URL's initial values: 重置 means empty
          formRef.current?.setFieldsValue(Object.fromEntries(fields.map((f) => [f.key, undefined])));
          onSearch({});
        }}
      >
        {fields.map((s) => (
          <ProForm.Item key={s.key} name={s.key} label={s.title}>
            {widget(schema, s)}
          </ProForm.Item>
        ))}
      </QueryFilter>
    </div>
  );
}
