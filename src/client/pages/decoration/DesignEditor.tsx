/**
 * 编辑: palette | phone canvas | property panel. Drag from the palette onto the canvas, reorder
 * by pointer or keyboard (@dnd-kit), duplicate / hide / delete, undo / redo (Ctrl+Z,
 * Ctrl+Shift+Z), autosave of the draft, a warning before leaving with unsaved changes, page
 * settings, 预览 (QR code) and 发布 (the server's check; its messages mark the blocks).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Tag, Typography } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useNavigate } from 'react-router';
import { useFitHeight } from './useFitHeight';
import { COMPONENTS, isComponentType, type ComponentType } from '../../../core/decoration/components';
import { componentFormSchema, formilySchema, PAGE_SETTINGS_SCHEMA } from '../../../core/decoration/property-form';
import type { PageSettings } from '../../../core/decoration/types';
import { feedback } from '../../api';
import { loadDecoration, publishDecoration, saveDecoration, type DecorationRow } from './api';
import { Canvas, CANVAS_ID } from './Canvas';
import { editorReducer, initialState } from './editorState';
import { useLiveData } from './live';
import { Palette, PALETTE_PREFIX } from './Palette';
import { PreviewQr } from './PreviewQr';
import { PropertyForm } from './PropertyForm';

export const AUTOSAVE_MS = 1500;

/** Screen-reader instructions of the sortable blocks, in Chinese. */
const DRAG_INSTRUCTIONS = { draggable: '按空格键拿起组件，用上下方向键移动，再按空格键放下，按 Esc 取消。' };

const SETTINGS_FORM = formilySchema(PAGE_SETTINGS_SCHEMA);
const formSchemas = new Map<ComponentType, Record<string, unknown>>();
const formOf = (t: ComponentType) => formSchemas.get(t) ?? formSchemas.set(t, componentFormSchema(t)).get(t)!;

const editableTarget = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * The property panel is narrow: a list item's properties (an image, its link, the move/remove
 * buttons) stack instead of sitting in one row wider than the panel, and no control is wider than it.
 */
const PROPS_CSS = `
.decoration-props .ant-formily-array-items-card { flex-direction: column; align-items: stretch; gap: 4px; }
.decoration-props .ant-formily-array-items-card > * { min-width: 0; max-width: 100%; }
.decoration-props .ant-formily-item-control, .decoration-props .ant-formily-item-control-content-component { min-width: 0; }
`;

export function DesignEditor({ row: initial }: { row: DecorationRow }) {
  const navigate = useNavigate();
  const live = useLiveData();
  const [row, setRow] = useState(initial);
  const [state, dispatch] = useReducer(editorReducer, initial.page, initialState);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [problems, setProblems] = useState<Array<{ message: string; nodeId?: string | null }>>([]);
  const [preview, setPreview] = useState(false);
  const rowRef = useRef(row);
  rowRef.current = row;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  /** The save in flight: saves run one after another, each with the version the last one left. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** Stores the page as the draft; the row's version moves on. */
  const save = useCallback((page = state.page): Promise<boolean> => {
    const run = queue.current.then(() => saveNow(page));
    queue.current = run.catch(() => undefined);
    return run;
  }, [state.page]);

  async function saveNow(page: typeof state.page): Promise<boolean> {
    setSaving('saving');
    const r = await saveDecoration(rowRef.current, page).catch(() => null);
    if (!r?.success) {
      setSaving('error');
      if (r) feedback.message.error(r.message);
      return false;
    }
    const fresh = await loadDecoration(rowRef.current.id);
    setRow(fresh);
    rowRef.current = fresh;
    dispatch({ type: 'saved', page });
    setSaving('saved');
    return true;
  }

  // autosave: the draft is stored a moment after the last change
  useEffect(() => {
    if (!state.dirty) return;
    const t = setTimeout(() => void save(state.page), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [state.page, state.dirty, save]);

  // leaving the editor inside the console (menu, tab) stores what the autosave had not yet stored
  const pending = useRef<typeof state.page | null>(null);
  pending.current = state.dirty ? state.page : null;
  useEffect(() => () => {
    if (pending.current) void saveDecoration(rowRef.current, pending.current).catch(() => undefined);
  }, []);

  // leaving the page (closing, reloading) with unsaved changes asks first
  useEffect(() => {
    if (!state.dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.dirty]);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y); typing in a field keeps the field's own undo
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || editableTarget(e.target)) return;
      const k = e.key.toLowerCase();
      if (k === 'z') {
        e.preventDefault();
        dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
      } else if (k === 'y') {
        e.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const titleOfId = (id: string | number) => {
    const a = String(id);
    const type = a.startsWith(PALETTE_PREFIX) ? a.slice(PALETTE_PREFIX.length) : state.page.components.find((n) => n.id === a)?.type;
    return type && isComponentType(type) ? COMPONENTS[type].title : a;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起「${titleOfId(active.id)}」`,
    onDragOver: ({ active, over }) => {
      if (!over) return `「${titleOfId(active.id)}」不在画布上`;
      return over.id === active.id ? `已拿起「${titleOfId(active.id)}」` : `「${titleOfId(active.id)}」移到了「${titleOfId(over.id)}」的位置`;
    },
    onDragEnd: ({ active, over }) => (over ? `已放下「${titleOfId(active.id)}」` : `「${titleOfId(active.id)}」未放入画布`),
    onDragCancel: ({ active }) => `已取消拖动「${titleOfId(active.id)}」`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const list = state.page.components;
    const a = String(active.id);
    if (a.startsWith(PALETTE_PREFIX)) {
      if (!over) return;
      const at = over.id === CANVAS_ID ? list.length : list.findIndex((n) => n.id === over.id);
      dispatch({ type: 'insert', component: a.slice(PALETTE_PREFIX.length), index: at < 0 ? list.length : at });
      return;
    }
    if (!over || over.id === active.id || over.id === CANVAS_ID) return;
    dispatch({ type: 'move', from: list.findIndex((n) => n.id === a), to: list.findIndex((n) => n.id === over.id) });
  };

  const publish = async () => {
    if (state.dirty && !(await save(state.page))) return;
    const r = await publishDecoration(row.id).catch(() => null);
    if (!r) return;
    if (!r.success) {
      const errors = (r.result as { errors?: Array<{ message: string; nodeId?: string | null }> } | null)?.errors;
      setProblems(errors?.length ? errors : [{ message: r.message }]);
      feedback.message.error(r.message);
      return;
    }
    setProblems([]);
    const fresh = await loadDecoration(row.id);
    setRow(fresh);
    feedback.message.success(`发布成功，当前版本 ${fresh.publishedVersion ?? ''}`);
  };

  const back = () => {
    if (!state.dirty) return navigate('/app/homeDecoration');
    Modal.confirm({ title: '有未保存的修改', content: '离开前将保存为草稿（不会发布），确定离开吗?', okText: '保存并离开', cancelText: '继续编辑', onOk: () => navigate('/app/homeDecoration') });
  };

  const problemByNode = useMemo(() => new Map(problems.filter((p) => p.nodeId).map((p) => [String(p.nodeId), p.message])), [problems]);
  const selected = state.page.components.find((n) => n.id === state.selected);
  const onSettings = useCallback((v: Record<string, unknown>) => dispatch({ type: 'settings', patch: v as Partial<PageSettings> }), []);
  // the editor fills the window below the shell; the palette, canvas and property panel scroll inside it
  const root = useRef<HTMLDivElement>(null);
  const height = useFitHeight(root, 480);
  const saveText = state.dirty ? '有未保存的修改' : saving === 'saving' ? '保存中…' : saving === 'saved' ? '草稿已自动保存' : saving === 'error' ? '保存失败' : '';

  return (
    <div ref={root} data-testid="decoration-editor" style={{ display: 'flex', flexDirection: 'column', height: height ?? 'calc(100vh - 120px)', background: '#fff' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px', borderBottom: '1px solid #f0f0f0' }}>
        <Button onClick={back}>返回</Button>
        <Typography.Text strong>{row.name}</Typography.Text>
        <Tag>{row.client_dictText}</Tag>
        <Tag color={row.status === '2' ? 'green' : row.status === '3' ? 'orange' : 'default'}>{row.status_dictText}</Tag>
        {row.publishedVersion ? <Typography.Text type="secondary">发布版本 {row.publishedVersion}</Typography.Text> : null}
        <Typography.Text type="secondary" role="status" style={{ marginLeft: 'auto' }}>{saveText}</Typography.Text>
        <Space>
          <Button icon={<UndoOutlined />} disabled={!state.past.length} onClick={() => dispatch({ type: 'undo' })}>撤销</Button>
          <Button icon={<RedoOutlined />} disabled={!state.future.length} onClick={() => dispatch({ type: 'redo' })}>重做</Button>
          <Button onClick={() => dispatch({ type: 'select', id: null })}>页面设置</Button>
          <Button onClick={() => void save(state.page)}>保存</Button>
          <Button onClick={() => setPreview(true)}>预览</Button>
          <Button type="primary" onClick={() => void publish()}>发布</Button>
        </Space>
      </header>
      {problems.length > 0 && (
        <Alert type="error" showIcon closable onClose={() => setProblems([])} message="发布前请修正以下问题" description={<ul style={{ margin: 0 }}>{problems.map((p, i) => <li key={i}>{p.message}</li>)}</ul>} />
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: DRAG_INSTRUCTIONS }}>
        <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
          <Palette onAdd={(t) => dispatch({ type: 'insert', component: t, index: state.page.components.length })} />
          <Canvas
            page={state.page}
            selected={state.selected}
            live={live}
            problems={problemByNode}
            onSelect={(id) => dispatch({ type: 'select', id })}
            onDuplicate={(id) => dispatch({ type: 'duplicate', id })}
            onToggle={(id) => dispatch({ type: 'toggleHidden', id })}
            onRemove={(id) => dispatch({ type: 'remove', id })}
          />
          <aside aria-label="属性面板" className="decoration-props" style={{ width: 340, flex: 'none', minHeight: 0, borderLeft: '1px solid #f0f0f0', padding: 16, overflowY: 'auto', overflowX: 'hidden' }}>
            <style>{PROPS_CSS}</style>
            {selected && isComponentType(selected.type) ? (
              <>
                <Typography.Title level={5}>{COMPONENTS[selected.type].title}</Typography.Title>
                <PropertyForm key={selected.id} schema={formOf(selected.type)} value={selected.props} onChange={(props) => dispatch({ type: 'update', id: selected.id, props })} />
              </>
            ) : (
              <>
                <Typography.Title level={5}>页面设置</Typography.Title>
                <PropertyForm key="$settings" schema={SETTINGS_FORM} value={state.page.settings as unknown as Record<string, unknown>} onChange={onSettings} />
              </>
            )}
          </aside>
        </div>
      </DndContext>
      {preview && <PreviewQr id={row.id} name={row.name} onClose={() => setPreview(false)} />}
    </div>
  );
}
