/**
 * The phone canvas (375 px): the page's blocks drawn by their renderers with live data, each
 * sortable (drag the handle, or focus it and use Space + arrow keys + Space), selectable, with
 * 复制 / 隐藏 / 删除 on the selected block. Dropped palette items land before the block under them.
 */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Space, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, HolderOutlined } from '@ant-design/icons';
import { COMPONENTS, isComponentType } from '../../../core/decoration/components';
import type { DecorationNode, DecorationPage } from '../../../core/decoration/types';
import type { LiveData } from './live';
import { BlockView } from './PhonePage';

export const CANVAS_ID = 'canvas';
export const PHONE_WIDTH = 375;

const titleOf = (type: string) => (isComponentType(type) ? COMPONENTS[type].title : type);

interface BlockProps {
  node: DecorationNode;
  selected: boolean;
  live: LiveData;
  problem?: string;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
}

function SortableBlock({ node, selected, live, problem, onSelect, onDuplicate, onToggle, onRemove }: BlockProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: node.id });
  const title = titleOf(node.type);
  return (
    <div
      ref={setNodeRef}
      data-block={node.type}
      data-block-id={node.id}
      aria-label={title}
      onClick={() => onSelect(node.id)}
      style={{
        transform: CSS.Transform.toString(transform), transition, position: 'relative', opacity: isDragging ? 0.6 : node.hidden ? 0.35 : 1,
        outline: selected ? '2px solid #1677ff' : problem ? '2px dashed #ff4d4f' : undefined, outlineOffset: -2, cursor: 'pointer', zIndex: isDragging ? 10 : undefined,
      }}
    >
      <BlockView type={node.type} props={node.props} live={live} />
      <div style={{ position: 'absolute', left: -34, top: 4 }}>
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`拖动排序：${title}`}
          style={{ border: '1px solid #d9d9d9', background: '#fff', borderRadius: 4, width: 26, height: 26, cursor: 'grab', touchAction: 'none' }}
        >
          <HolderOutlined />
        </button>
      </div>
      {selected && (
        <Space.Compact size="small" style={{ position: 'absolute', right: -118, top: 0 }} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="复制"><Button aria-label={`复制${title}`} icon={<CopyOutlined />} onClick={() => onDuplicate(node.id)} /></Tooltip>
          <Tooltip title={node.hidden ? '显示' : '隐藏'}><Button aria-label={`${node.hidden ? '显示' : '隐藏'}${title}`} icon={node.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />} onClick={() => onToggle(node.id)} /></Tooltip>
          <Tooltip title="删除"><Button danger aria-label={`删除${title}`} icon={<DeleteOutlined />} onClick={() => onRemove(node.id)} /></Tooltip>
        </Space.Compact>
      )}
      {problem && <div role="alert" style={{ fontSize: 12, color: '#ff4d4f', background: '#fff1f0', padding: '2px 8px' }}>{problem}</div>}
    </div>
  );
}

export function Canvas(props: { page: DecorationPage; selected: string | null; live: LiveData; problems: Map<string, string> } & Omit<BlockProps, 'node' | 'selected' | 'live' | 'problem'>) {
  const { page, selected, live, problems, ...handlers } = props;
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    <div style={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', justifyContent: 'center', padding: '24px 128px 24px 48px', background: '#f0f2f5' }}>
      <div
        ref={setNodeRef}
        data-testid="phone-canvas"
        aria-label="手机画布"
        style={{ width: PHONE_WIDTH, minHeight: 667, background: page.settings.background || '#f5f5f5', boxShadow: '0 0 0 8px #262626, 0 8px 24px rgba(0,0,0,.3)', borderRadius: 4, outline: isOver ? '2px dashed #1677ff' : undefined, alignSelf: 'flex-start', paddingBottom: 40 }}
      >
        <div style={{ height: 20, background: '#000', color: '#fff', fontSize: 11, textAlign: 'center' }}>{page.settings.title}</div>
        <SortableContext items={page.components.map((n) => n.id)} strategy={verticalListSortingStrategy}>
          {page.components.map((n) => (
            <SortableBlock key={n.id} node={n} selected={n.id === selected} live={live} problem={problems.get(n.id)} {...handlers} />
          ))}
        </SortableContext>
        {!page.components.length && <div style={{ padding: 40, textAlign: 'center', color: '#8c8c8c' }}>从左侧拖入组件</div>}
      </div>
    </div>
  );
}
