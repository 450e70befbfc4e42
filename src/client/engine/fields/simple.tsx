/**
 * Simple widgets for kinds whose rich editors are not built yet. Each is a
 * controlled `value`/`onChange` component (usable by Formily and plain antd
 * forms) plus a read-only `*View` for detail mode.
 *
 * Uploads go to /sys/common/upload (upload.tsx); rich text is a light
 * contentEditable editor, displayed only after DOMPurify; the heavy widgets
 * (colour, icon, region, tree) are lazy chunks (lazyWidgets.tsx).
 */
import { useMemo, useState, type ChangeEvent } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { sanitizeHtml } from './RichText';
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

export { ImageUpload, FileUpload } from './upload';
export { RichText, sanitizeHtml } from './RichText';
export { ColorInput, IconInput, RegionCascader, TreeRefSelect } from './lazyWidgets';

export function RichTextView({ value }: { value: unknown }) {
  const html = useMemo(() => sanitizeHtml(str(value)), [value]);
  if (!html) return <Empty />;
  return <div className="resource-richtext" dangerouslySetInnerHTML={{ __html: html }} />;
}

/* ---------------- JSON ---------------- */

export const JSON_MESSAGE = '请输入JSON字符串';

/** '' when empty or valid JSON, else 请输入JSON字符串 (also the form validator). */
export function jsonError(value: unknown): string {
  if (value === undefined || value === null || value === '' || typeof value === 'object') return '';
  try {
    JSON.parse(String(value));
    return '';
  } catch {
    return JSON_MESSAGE;
  }
}

export function JsonInput(props: TextProps) {
  const value = typeof props.value === 'object' && props.value !== null ? JSON.stringify(props.value, null, 2) : str(props.value);
  const error = jsonError(value);
  return (
    <>
      <Input.TextArea id={props.id} disabled={props.disabled} value={value} onChange={emit(props.onChange)} status={error ? 'error' : undefined}
        placeholder={props.placeholder ?? '{}'} autoSize={{ minRows: 3, maxRows: 12 }} style={{ fontFamily: 'monospace' }} />
      {error && <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="json-error">{error}</Typography.Text>}
    </>
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
