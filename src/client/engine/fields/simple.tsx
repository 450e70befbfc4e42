/**
 * Simple widgets for kinds whose rich editors are not built yet. Each is a
 * controlled `value`/`onChange` component (usable by Formily and plain antd
 * forms) plus a read-only `*View` for detail mode.
 *
 * Upload endpoints are not part of the contract yet, so image/file take a URL
 * (or a static path) as text with a preview. Rich text is edited as HTML
 * source and displayed only after DOMPurify.
 */
import { useMemo, useState, type ChangeEvent } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { ColorView, Empty, FileView, ImageView } from './views';
import { maskValue } from '../projections';
import { toList } from './values';

export { ColorView, Empty, FileView, ImageView };

interface TextProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const emit = (onChange: TextProps['onChange']) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
  onChange?.(e.target.value === '' ? undefined : e.target.value);

/* ---------------- image / images ---------------- */

export function ImageUpload(props: TextProps & { multiple?: boolean }) {
  const urls = toList(props.value);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input id={props.id} disabled={props.disabled} value={str(props.value)} onChange={emit(props.onChange)}
        placeholder={props.placeholder ?? (props.multiple ? '图片地址，多个用逗号分隔' : '图片地址')} />
      {urls.length > 0 && <ImageView value={props.value} />}
    </Space>
  );
}

/* ---------------- file ---------------- */

export function FileUpload(props: TextProps) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input id={props.id} disabled={props.disabled} value={str(props.value)} onChange={emit(props.onChange)}
        placeholder={props.placeholder ?? '文件地址'} />
      {toList(props.value).length > 0 && <FileView value={props.value} />}
    </Space>
  );
}

/* ---------------- rich text ---------------- */

export function RichText(props: TextProps) {
  return (
    <Input.TextArea id={props.id} disabled={props.disabled} value={str(props.value)} onChange={emit(props.onChange)}
      placeholder={props.placeholder} autoSize={{ minRows: 4, maxRows: 12 }} />
  );
}

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

export function RichTextView({ value }: { value: unknown }) {
  const html = useMemo(() => sanitizeHtml(str(value)), [value]);
  if (!html) return <Empty />;
  // eslint-disable-next-line react/no-danger -- sanitized by DOMPurify above
  return <div className="resource-richtext" dangerouslySetInnerHTML={{ __html: html }} />;
}

/* ---------------- plain text stand-ins ---------------- */

function textInput(defaultPlaceholder?: string) {
  return function TextInput(props: TextProps) {
    return (
      <Input id={props.id} disabled={props.disabled} value={str(props.value)} onChange={emit(props.onChange)}
        placeholder={props.placeholder ?? defaultPlaceholder} />
    );
  };
}

/** 行政区划: region code(s) as text until the cascader data source exists. */
export const RegionCascader = textInput('行政区划编码');
/** Tree relation: the parent id as text until the tree picker exists. */
export const TreeRefSelect = textInput();
export const IconInput = textInput('图标名称');

export function ColorInput(props: TextProps) {
  const color = str(props.value);
  return (
    <Input id={props.id} disabled={props.disabled} value={color} onChange={emit(props.onChange)}
      placeholder={props.placeholder ?? '#1890FF'}
      prefix={<span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 2, background: color || 'transparent', border: '1px solid #d9d9d9' }} />} />
  );
}

export function JsonInput(props: TextProps) {
  const value = typeof props.value === 'object' && props.value !== null ? JSON.stringify(props.value, null, 2) : str(props.value);
  return (
    <Input.TextArea id={props.id} disabled={props.disabled} value={value} onChange={emit(props.onChange)}
      placeholder={props.placeholder ?? '{}'} autoSize={{ minRows: 3, maxRows: 12 }} style={{ fontFamily: 'monospace' }} />
  );
}

export function JsonView({ value }: { value: unknown }) {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : str(value);
  if (!text) return <Empty />;
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</pre>;
}

/* ---------------- masked text ---------------- */

/** Editable as plain text; shown masked (phone / ID card) with a 显示 toggle. */
export function MaskedText(props: TextProps & { kind?: string }) {
  return <Input id={props.id} disabled={props.disabled} value={str(props.value)} onChange={emit(props.onChange)} placeholder={props.placeholder} />;
}

export function MaskedView({ value, kind }: { value: unknown; kind?: string }) {
  const [shown, setShown] = useState(false);
  const text = str(value);
  if (!text) return <Empty />;
  return (
    <Space size={4}>
      <Typography.Text>{shown ? text : maskValue(kind, text)}</Typography.Text>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown((s) => !s)}>{shown ? '隐藏' : '显示'}</Button>
    </Space>
  );
}
