/**
 * Rich-text editor (tiptap 3 over ProseMirror, which handles IME composition — Chinese input
 * methods — natively): headings, bold/italic/underline/strike, lists, quotes, links, images
 * uploaded through /sys/common/upload, tables; HTML pasted from Word is cleaned of its mso
 * markup (pasteClean.ts) before it is parsed. The value is the editor's HTML, sanitized; the
 * footer counts its length against the field's maxLength (what the validator checks).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { Button, Divider, Input, Modal, Tooltip } from 'antd';
import {
  BoldOutlined, ItalicOutlined, UnderlineOutlined, StrikethroughOutlined, OrderedListOutlined, UnorderedListOutlined,
  LinkOutlined, PictureOutlined, TableOutlined, UndoOutlined, RedoOutlined, DeleteOutlined,
} from '@ant-design/icons';
import { feedback, getFileAccessHttpUrl } from '../../../api';
import { uploadFile } from '../../api';
import { cleanPastedHtml } from '../pasteClean';
import { sanitizeHtml, type RichTextProps } from '../RichText';
import { selectionSyncHandlers, syncSelectionFromDom } from './selectionSync';

/** Content styles of the editing area (tables with borders, the placeholder, images within the width). */
const CSS = `
.engine-richtext-content { outline: none; min-height: 140px; }
.engine-richtext-content p.is-editor-empty:first-child::before { content: attr(data-placeholder); color: #bfbfbf; float: left; height: 0; pointer-events: none; }
.engine-richtext-content table { border-collapse: collapse; width: 100%; margin: 8px 0; }
.engine-richtext-content th, .engine-richtext-content td { border: 1px solid #d9d9d9; padding: 4px 8px; min-width: 40px; vertical-align: top; }
.engine-richtext-content th { background: #fafafa; }
.engine-richtext-content img { max-width: 100%; }
.engine-richtext-content .selectedCell { background: #e6f4ff; }
`;

const EMPTY = /^(<p>(<br\s*\/?>)?<\/p>)*$/;
const HTTP_LINK = /^(https?:\/\/|mailto:|\/)/i;

function ToolButton({ title, icon, active, disabled, onClick }: { title: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={!!active}
        disabled={disabled}
        // keep the editor's selection: act on mouse down, never take the focus
        onMouseDown={(e) => { e.preventDefault(); onClick(); }}
      />
    </Tooltip>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const [href, setHref] = useState('');
  useEffect(() => { if (open) setHref(String(editor.getAttributes('link').href ?? '')); }, [open, editor]);
  const ok = () => {
    const v = href.trim();
    if (v === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (!HTTP_LINK.test(v)) return void feedback.message.warning('链接地址：只能是 http(s)、mailto 或站内路径');
    else editor.chain().focus().extendMarkRange('link').setLink({ href: v, target: '_blank' }).run();
    onClose();
  };
  return (
    <Modal title="插入链接" open={open} onOk={ok} onCancel={onClose} okText="确定" cancelText="取消" destroyOnHidden width={420}>
      <Input autoFocus placeholder="请输入链接地址，如 https://example.com" value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={ok} />
    </Modal>
  );
}

export default function RichTextEditor({ value, onChange, disabled, placeholder, id, maxLength }: RichTextProps) {
  const html = value === undefined || value === null ? '' : String(value);
  const emitted = useRef(html);
  const [length, setLength] = useState(html.length);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: placeholder ?? '请输入正文' }),
    ],
    content: sanitizeHtml(html),
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { ...(id ? { id } : {}), class: 'engine-richtext-content', 'aria-label': '正文编辑器', 'aria-multiline': 'true', role: 'textbox' },
      transformPastedHTML: cleanPastedHtml,
      handleDOMEvents: selectionSyncHandlers,
    },
    onUpdate: ({ editor: e }) => {
      const out = e.getHTML();
      const clean = EMPTY.test(out) ? '' : sanitizeHtml(out);
      emitted.current = clean;
      setLength(clean.length);
      onChange?.(clean === '' ? undefined : clean);
    },
  });

  // a value set from outside (reset, a loaded record) replaces the content; our own echo does not
  useEffect(() => {
    if (!editor || html === emitted.current) return;
    emitted.current = html;
    setLength(html.length);
    editor.commands.setContent(sanitizeHtml(html), { emitUpdate: false });
  }, [editor, html]);
  useEffect(() => { editor?.setEditable(!disabled); }, [editor, disabled]);

  const pickImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    setUploading(true);
    try {
      const res = await uploadFile(file, 'richtext');
      if (res.success && typeof res.result === 'string') {
        syncSelectionFromDom(editor.view);
        editor.chain().focus().setImage({ src: getFileAccessHttpUrl(res.result), alt: file.name }).run();
      }
      else void feedback.message.warning(res.message || '上传失败');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (!editor) return null;
  const off = disabled || !editor.isEditable;
  // a toolbar command acts where the browser shows the caret (see selectionSync.ts)
  const chain = () => {
    syncSelectionFromDom(editor.view);
    return editor.chain().focus();
  };
  const inTable = editor.isActive('table');
  const over = maxLength !== undefined && length > maxLength;
  return (
    <div className="engine-richtext" data-testid="richtext-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <style>{CSS}</style>
      <div role="toolbar" aria-label="正文工具栏" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, borderBottom: '1px solid #f0f0f0', padding: 2 }}>
        {([1, 2, 3] as const).map((level) => (
          <ToolButton key={level} title={`标题${level}`} icon={<span style={{ fontWeight: 600, fontSize: 12 }}>{`H${level}`}</span>}
            active={editor.isActive('heading', { level })} disabled={off} onClick={() => chain().toggleHeading({ level }).run()} />
        ))}
        <Divider type="vertical" />
        <ToolButton title="加粗" icon={<BoldOutlined />} active={editor.isActive('bold')} disabled={off} onClick={() => chain().toggleBold().run()} />
        <ToolButton title="斜体" icon={<ItalicOutlined />} active={editor.isActive('italic')} disabled={off} onClick={() => chain().toggleItalic().run()} />
        <ToolButton title="下划线" icon={<UnderlineOutlined />} active={editor.isActive('underline')} disabled={off} onClick={() => chain().toggleUnderline().run()} />
        <ToolButton title="删除线" icon={<StrikethroughOutlined />} active={editor.isActive('strike')} disabled={off} onClick={() => chain().toggleStrike().run()} />
        <Divider type="vertical" />
        <ToolButton title="无序列表" icon={<UnorderedListOutlined />} active={editor.isActive('bulletList')} disabled={off} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton title="有序列表" icon={<OrderedListOutlined />} active={editor.isActive('orderedList')} disabled={off} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton title="链接" icon={<LinkOutlined />} active={editor.isActive('link')} disabled={off} onClick={() => setLinkOpen(true)} />
        <ToolButton title="图片" icon={<PictureOutlined />} disabled={off || uploading} onClick={() => fileInput.current?.click()} />
        <ToolButton title="表格" icon={<TableOutlined />} disabled={off || inTable} onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()} />
        {inTable && (
          <>
            <Button size="small" type="text" disabled={off} onMouseDown={(e) => { e.preventDefault(); chain().addRowAfter().run(); }}>加行</Button>
            <Button size="small" type="text" disabled={off} onMouseDown={(e) => { e.preventDefault(); chain().addColumnAfter().run(); }}>加列</Button>
            <ToolButton title="删除表格" icon={<DeleteOutlined />} disabled={off} onClick={() => chain().deleteTable().run()} />
          </>
        )}
        <Divider type="vertical" />
        <ToolButton title="撤销" icon={<UndoOutlined />} disabled={off || !editor.can().undo()} onClick={() => chain().undo().run()} />
        <ToolButton title="重做" icon={<RedoOutlined />} disabled={off || !editor.can().redo()} onClick={() => chain().redo().run()} />
        <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={(e) => void pickImage(e.target.files?.[0])} />
      </div>
      <EditorContent editor={editor} style={{ minHeight: 160, maxHeight: 480, overflowY: 'auto', padding: '6px 11px' }} />
      {maxLength !== undefined && (
        <div data-testid="richtext-count" style={{ textAlign: 'right', padding: '0 8px 4px', fontSize: 12, color: over ? '#ff4d4f' : 'rgba(0,0,0,0.45)' }}>
          {`${length} / ${maxLength}`}
        </div>
      )}
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
    </div>
  );
}
