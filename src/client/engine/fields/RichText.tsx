/**
 * The rich-text field: the tiptap (ProseMirror) editor of heavy/RichTextEditor.tsx, a lazy
 * chunk of its own that only forms with a rich-text field load. Values are sanitized with
 * DOMPurify on every change and again on display; the server's sanitizer decides what is saved.
 */
import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import DOMPurify from 'dompurify';

export interface RichTextProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  /** The field's maxLength: the saved HTML's length is counted against it. */
  maxLength?: number;
}

export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html);

const Editor = lazy(() => import('./heavy/RichTextEditor'));

export function RichText(props: RichTextProps) {
  return (
    <Suspense fallback={<Input.TextArea disabled placeholder="编辑器加载中..." autoSize={{ minRows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
