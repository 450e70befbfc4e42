/**
 * A light rich-text editor (form chunk, no editor dependency): a
 * contentEditable area with a few commands and an HTML source toggle. The
 * value is sanitized with DOMPurify on every change and again on display.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, UnderlineOutlined, OrderedListOutlined, UnorderedListOutlined, CodeOutlined } from '@ant-design/icons';
import DOMPurify from 'dompurify';

export interface RichTextProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html);

const COMMANDS = [
  { cmd: 'bold', icon: <BoldOutlined />, title: '加粗' },
  { cmd: 'italic', icon: <ItalicOutlined />, title: '斜体' },
  { cmd: 'underline', icon: <UnderlineOutlined />, title: '下划线' },
  { cmd: 'insertOrderedList', icon: <OrderedListOutlined />, title: '编号' },
  { cmd: 'insertUnorderedList', icon: <UnorderedListOutlined />, title: '列表' },
] as const;

export function RichText({ value, onChange, disabled, placeholder, id }: RichTextProps) {
  const html = value === undefined || value === null ? '' : String(value);
  const ref = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);
  // keep the caret: only write the DOM when the value changed from outside
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== html) el.innerHTML = sanitizeHtml(html);
  }, [html, source]);
  const emit = (next: string) => {
    const clean = sanitizeHtml(next);
    onChange?.(clean.trim() === '' || clean === '<br>' ? undefined : clean);
  };
  return (
    <div className="engine-richtext" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={0} style={{ borderBottom: '1px solid #f0f0f0', padding: 2 }}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.cmd} title={c.title}>
            <Button type="text" size="small" icon={c.icon} disabled={disabled || source} aria-label={c.title}
              onMouseDown={(e) => {
                e.preventDefault();
                document.execCommand?.(c.cmd);
                if (ref.current) emit(ref.current.innerHTML);
              }} />
          </Tooltip>
        ))}
        <Tooltip title="源码">
          <Button type={source ? 'link' : 'text'} size="small" icon={<CodeOutlined />} aria-label="源码" disabled={disabled}
            onClick={() => setSource((s) => !s)} />
        </Tooltip>
      </Space>
      {source
        ? <Input.TextArea id={id} variant="borderless" value={html} autoSize={{ minRows: 6, maxRows: 16 }} disabled={disabled}
            onChange={(e) => emit(e.target.value)} />
        : (
          <div id={id} ref={ref} role="textbox" aria-multiline="true" contentEditable={!disabled} suppressContentEditableWarning
            data-placeholder={placeholder}
            style={{ minHeight: 140, maxHeight: 400, overflowY: 'auto', padding: '6px 11px', outline: 'none' }}
            onInput={(e) => emit((e.target as HTMLDivElement).innerHTML)} />
        )}
    </div>
  );
}
