/**
 * Dictionary-bound choice (JDictSelectTag): select (default), radio or
 * checkbox, items from GET /sys/dict/getDictItems/{code}. Values compare as
 * strings; multiple values are stored comma-joined. A single select starts
 * with a `请选择` option that clears the value.
 */
import type { CSSProperties } from 'react';
import { Checkbox, Radio, Select, Space, Tag } from 'antd';
import { toList, fromList, toSingle } from './values';
import { dictLabel, useDictItems } from './useDict';

export interface DictSelectProps {
  dict?: string;
  multiple?: boolean;
  widget?: 'select' | 'radio' | 'checkbox';
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** Inline items (projection with a registry); otherwise fetched by `dict`. */
  options?: Array<{ value: string; label: string }>;
  /** Leading `请选择` option on a single select (default true). */
  allowEmpty?: boolean;
  style?: CSSProperties;
  id?: string;
}

const EMPTY = '__empty__';

export function DictSelect(props: DictSelectProps) {
  const { dict, multiple, widget = 'select', value, onChange, placeholder = '请选择', disabled, style, id } = props;
  const { items, loading } = useDictItems(props.options ? undefined : dict);
  const options = props.options
    ? props.options.map((o) => ({ value: String(o.value), label: o.label }))
    : items.map((i) => ({ value: String(i.value), label: i.text }));

  if (widget === 'radio' && !multiple) {
    return (
      <Radio.Group id={id} disabled={disabled} value={toSingle(value)} onChange={(e) => onChange?.(toSingle(e.target.value))}
        options={options} />
    );
  }
  if (widget === 'checkbox' || (widget === 'radio' && multiple)) {
    return (
      <Checkbox.Group disabled={disabled} value={toList(value)} onChange={(vals) => onChange?.(fromList(vals))}
        options={options} />
    );
  }
  if (multiple) {
    return (
      <Select id={id} mode="multiple" allowClear loading={loading} disabled={disabled} style={style ?? { width: '100%' }}
        placeholder={placeholder} value={toList(value)} onChange={(vals: string[]) => onChange?.(fromList(vals))}
        options={options} optionFilterProp="label" />
    );
  }
  const single = toSingle(value);
  return (
    <Select id={id} allowClear={props.allowClear ?? true} showSearch loading={loading} disabled={disabled}
      style={style ?? { width: '100%' }} placeholder={placeholder}
      value={single} optionFilterProp="label"
      onChange={(v: string | undefined) => onChange?.(v === EMPTY ? undefined : toSingle(v))}
      options={props.allowEmpty === false ? options : [{ value: EMPTY, label: '请选择' }, ...options]} />
  );
}

/** Read-only labels of a dictionary value (detail view, list fallback). */
export function DictText({ dict, value, tags }: { dict?: string; value: unknown; tags?: boolean }) {
  const { items } = useDictItems(dict);
  const values = toList(value);
  if (!values.length) return <span>-</span>;
  if (!tags) return <span>{values.map((v) => dictLabel(items, v)).join('，')}</span>;
  return (
    <Space size={4} wrap>
      {values.map((v) => {
        const color = items.find((i) => String(i.value) === v)?.color;
        return <Tag key={v} color={color}>{dictLabel(items, v)}</Tag>;
      })}
    </Space>
  );
}
