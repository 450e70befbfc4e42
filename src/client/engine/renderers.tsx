/**
 * Cell renderers by value type. Columns stay plain data (projections); the
 * functions live only here, looked up by `valueType`.
 *
 * - dict / ref: the server's `<key>_dictText` label; dict items with a colour
 *   become Tags (colours from getDictItems); without `_dictText` the dict
 *   items translate the raw value.
 * - money: thousands separators + 2 decimals (or the field precision).
 * - text: cut at `ellipsis` characters (default 25) with the whole text in a Tooltip.
 * - dates: YYYY-MM-DD / YYYY-MM-DD HH:mm:ss (or the field format).
 * - masks: phone / ID card masks (the server masks lists already; idempotent).
 */
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import { lightTag, useTagClasses } from './lightTag';
import type { Row } from './api';
import { useDictItems } from './fields/useDict';
import { toList } from './fields/values';
import { ColorView, FileView, ImageView } from './fields/views';
import { cutText, formatDate, formatMoney, formatNumber, maskValue, type CellSpec } from './projections';

export type { CellSpec };

export type CellRenderer = (value: unknown, row: Row, spec: CellSpec) => ReactNode;

const EMPTY = '-';

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A Tooltip mounted on the first hover: a list paints many cut texts and few are ever hovered,
 * while each antd Tooltip mounts its trigger, refs and styles with the row.
 */
function HoverTooltip({ title, children }: { title: ReactNode; children: ReactElement<{ onMouseEnter?: () => void }> }) {
  const [hovered, setHovered] = useState(false);
  if (!hovered) return cloneElement(children, { onMouseEnter: () => setHovered(true) });
  return <Tooltip title={title} defaultOpen>{children}</Tooltip>;
}

/**
 * Text with the ellipsis rule: cut at N characters, whole text on hover. A function, not a
 * component: a list page draws dozens of them per render, and a component's fiber each; a text
 * short enough is the text itself, no element around it.
 */
function ellipsisText(text: string, length: number | false | undefined): ReactNode {
  const limit = length === undefined ? 25 : length;
  if (limit === false || text.length <= limit) return text;
  return (
    <HoverTooltip title={text}>
      <span>{cutText(text, limit)}</span>
    </HoverTooltip>
  );
}

const TAGS_STYLE = { display: 'inline-flex', flexWrap: 'wrap', gap: 4 } as const;

const TAG_STYLE = { marginInlineEnd: 0 } as const;

function DictCell({ value, row, spec }: { value: unknown; row: Row; spec: CellSpec }) {
  const { items } = useDictItems(spec.dict);
  const tagClasses = useTagClasses();
  const values = toList(value);
  if (!values.length) return EMPTY;
  const texts = spec.displayIndex ? toList(row[spec.displayIndex]) : [];
  const label = (v: string, i: number) =>
    (texts.length === values.length ? texts[i] : undefined) ?? items.find((it) => String(it.value) === v)?.text ?? v;
  const coloured = values.some((v) => items.find((it) => String(it.value) === v)?.color);
  if (!coloured) {
    const whole = texts.length && texts.length !== values.length
      ? String(row[spec.displayIndex!])
      : values.map(label).join(',');
    return ellipsisText(whole, spec.ellipsis);
  }
  const tag = (v: string, i: number) => lightTag(tagClasses, v, items.find((it) => String(it.value) === v)?.color, TAG_STYLE, label(v, i));
  if (values.length === 1) return tag(values[0]!, 0);
  // a plain wrapping row, not antd Space: a list paints one per coloured cell
  return (
    <span style={TAGS_STYLE}>
      {values.map(tag)}
    </span>
  );
}

const text: CellRenderer = (value, row, spec) => {
  const shown = spec.displayIndex && spec.displayIndex !== spec.dataIndex && !isBlank(row[spec.displayIndex])
    ? row[spec.displayIndex] : value;
  if (isBlank(shown)) return EMPTY;
  const s = typeof shown === 'object' ? JSON.stringify(shown) : String(shown);
  return ellipsisText(spec.mask ? maskValue(spec.kind, s) : s, spec.ellipsis);
};

const dict: CellRenderer = (value, row, spec) => <DictCell value={value} row={row} spec={spec} />;

const ref: CellRenderer = (value, row, spec) => {
  const label = row[spec.displayIndex];
  const shown = isBlank(label) ? value : label;
  if (isBlank(shown)) return EMPTY;
  return ellipsisText(String(shown), spec.ellipsis);
};

const money: CellRenderer = (value, _row, spec) => (isBlank(value) ? EMPTY : formatMoney(value, spec.precision ?? 2));
const digit: CellRenderer = (value, _row, spec) => (isBlank(value) ? EMPTY : formatNumber(value, spec.precision));
const boolean: CellRenderer = (value) => {
  if (isBlank(value)) return EMPTY;
  const on = value === true || value === 1 || value === '1' || value === 'true' || value === 'Y';
  return on ? '是' : '否';
};
const date = (fallback: string): CellRenderer => (value, _row, spec) =>
  isBlank(value) ? EMPTY : formatDate(value, spec.format ?? fallback);
const image: CellRenderer = (value) => (isBlank(value) ? EMPTY : <ImageView value={value} size={32} />);
const file: CellRenderer = (value) => (isBlank(value) ? EMPTY : <FileView value={value} />);
const link: CellRenderer = (value, _row, spec) => {
  if (isBlank(value)) return EMPTY;
  const url = String(value);
  if (!/^https?:\/\//i.test(url)) return ellipsisText(url, spec.ellipsis);
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {ellipsisText(url, spec.ellipsis)}
    </a>
  );
};
const richtext: CellRenderer = (value, _row, spec) => {
  if (isBlank(value)) return EMPTY;
  const plain = String(value).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
  return ellipsisText(plain, spec.ellipsis);
};
const color: CellRenderer = (value) => (isBlank(value) ? EMPTY : <ColorView value={value} />);
const json: CellRenderer = (value, _row, spec) => {
  if (isBlank(value)) return EMPTY;
  return ellipsisText(typeof value === 'string' ? value : JSON.stringify(value), spec.ellipsis === false ? 40 : spec.ellipsis);
};

/** Kinds with their own renderer, before the valueType table. */
const BY_KIND: Partial<Record<string, CellRenderer>> = {
  dict,
  ref,
  refs: ref,
  treeRef: ref,
};

/** valueType (core ColumnSpec) -> renderer. Unknown types render as text. */
export const RENDERERS: Record<string, CellRenderer> = {
  text,
  textarea: text,
  select: dict,
  switch: boolean,
  digit,
  money,
  date: date('YYYY-MM-DD'),
  dateTime: date('YYYY-MM-DD HH:mm:ss'),
  time: date('HH:mm:ss'),
  image,
  images: image,
  file,
  link,
  color,
  icon: text,
  json,
  richtext,
};

export function renderCell(value: unknown, row: Row, spec: CellSpec): ReactNode {
  const r = BY_KIND[spec.kind] ?? RENDERERS[spec.valueType] ?? text;
  return r(value, row, spec);
}
