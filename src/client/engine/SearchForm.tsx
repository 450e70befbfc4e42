/**
 * The list's search form, from `toSearchFields`, in a grid: as many columns as the form's
 * width holds (1 below 513 px, 2 below 785, 3 below 1057, else 4), 查询 / 重置 at the end of
 * the last row, and — collapsed until the URL brings values — only the first row's fields
 * with 展开 / 收起 when there are more. It only reports values; the list owns the request.
 * Range fields use a RangePicker (dates) or two numbers; `in` fields are multi-selects. Dict
 * and ref fields reuse the form widgets. antd Form only (no pro-form: its QueryFilter drew the
 * same grid with the pro-components runtime behind it).
 */
import { KINDS } from '../../core/kinds';
import type { FieldKind } from '../../core/schema/types';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, Col, DatePicker, Form, Row, Select, Space } from 'antd';
// the plain input, not antd's Input with TextArea, Password, Search and OTP attached
import Input from 'antd/es/input/Input';
import { DownOutlined } from '@ant-design/icons';
import type { ResourceSchema } from '../../core/schema/types';
import { findField } from '../../core/schema/naming';
import { DictSelect } from './fields/DictSelect';
import { RefSelect } from './fields/RefSelect';
import { lazyWidget } from './fields/lazyWidgets';
import type { InputNumberProps } from 'antd';
import type { NumberRangeProps } from './fields/numberInputs';
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

/** Number inputs load with the first search form that has a numeric field (few have one). */
const NumberInput = lazyWidget<InputNumberProps>(() => import('antd/es/input-number'));
const NumberRange = lazyWidget<NumberRangeProps>(() => import('./fields/numberInputs').then((m) => ({ default: m.NumberRange })));

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
    return s.mode === 'range' ? <NumberRange /> : <NumberInput style={{ width: '100%' }} placeholder={`请输入${s.title}`} />;
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

export const SEARCH_TEXTS = { search: '查询', reset: '重置', expand: '展开', collapse: '收起' } as const;

/** Form width -> columns per row (the widths QueryFilter used, so layouts stay as they were). */
export function columnsFor(width: number): number {
  if (width < 513) return 1;
  if (width < 785) return 2;
  if (width < 1057) return 3;
  return 4;
}

/** The form's own width, followed as it resizes (the side menu folds, the window changes). */
function useWidth(): [RefObject<HTMLDivElement>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(() => (typeof document === 'undefined' ? 1024 : document.body.clientWidth));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const read = () => {
      const w = el.clientWidth;
      if (w > 17) setWidth(w);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

export function SearchForm({ schema, onSearch, initialValues }: SearchFormProps) {
  const fields = useMemo(() => searchFields(schema), [schema]);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [collapsed, setCollapsed] = useState(() => !initialValues || !Object.keys(initialValues).length);
  const [ref, width] = useWidth();
  if (!fields.length) return null;
  const perRow = columnsFor(width);
  const span = 24 / perRow;
  // collapsed: the first row keeps room for the buttons
  const shown = Math.max(1, perRow - 1);
  const canCollapse = fields.length > shown && fields.length * span >= 24;
  const visible = collapsed && canCollapse ? shown : fields.length;
  const used = (visible * span) % 24;
  const offset = used + span > 24 ? 24 - span : 24 - used - span;
  return (
    <div ref={ref} className="resource-search" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="horizontal"
        initialValues={initialValues}
        style={{ padding: 24 }}
        // the whole store: a collapsed (unmounted) field's value counts as when it showed
        onFinish={() => onSearch(normalizeSearch(schema, form.getFieldsValue(true) as Record<string, unknown>))}
      >
        <Row gutter={24} style={{ rowGap: 24 }}>
          {fields.slice(0, visible).map((s) => (
            // fields collapsed out of sight are not mounted (their widgets, hooks and option
            // calls wait for 展开); the form store keeps their values (antd Form preserve)
            <Col key={s.key} span={span}>
              <Form.Item name={s.key} label={s.title} style={{ marginBottom: 0 }}>
                {widget(schema, s)}
              </Form.Item>
            </Col>
          ))}
          <Col span={span} offset={offset} style={{ textAlign: 'end' }}>
            <Space size={16}>
              <Space>
                <Button
                  onClick={() => {
                    // 重置 means empty, not the URL's initial values
                    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.key, undefined])));
                    onSearch({});
                  }}
                >
                  {SEARCH_TEXTS.reset}
                </Button>
                <Button type="primary" htmlType="submit">
                  {SEARCH_TEXTS.search}
                </Button>
              </Space>
              {canCollapse ? (
                <a className="resource-search-collapse" style={{ display: 'flex', alignItems: 'center' }} onClick={() => setCollapsed(!collapsed)}>
                  {collapsed ? SEARCH_TEXTS.expand : SEARCH_TEXTS.collapse}
                  <DownOutlined style={{ marginInlineStart: '0.5em', transition: '0.3s all', transform: `rotate(${collapsed ? 0 : 0.5}turn)` }} />
                </a>
              ) : null}
            </Space>
          </Col>
        </Row>
      </Form>
    </div>
  );
}

export default SearchForm;
