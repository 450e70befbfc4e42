/** The component palette, grouped: drag an item onto the phone, or press it to add it at the end. */
import { useDraggable } from '@dnd-kit/core';
import { Button, Typography } from 'antd';
import { paletteGroups, type ComponentDef } from '../../../core/decoration/components';

export const PALETTE_PREFIX = 'palette:';

function PaletteItem({ def, onAdd }: { def: ComponentDef; onAdd: (type: string) => void }) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${def.type}` });
  // pointer dragging only: by keyboard the button adds the block (Enter / Space)
  return (
    <div
      ref={setNodeRef}
      onPointerDown={listeners?.onPointerDown as React.PointerEventHandler<HTMLDivElement> | undefined}
      data-palette={def.type}
      style={{ transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined, zIndex: isDragging ? 1000 : undefined, position: 'relative', touchAction: 'none' }}
    >
      <Button block size="small" onClick={() => onAdd(def.type)} aria-label={`添加${def.title}`} style={{ cursor: 'grab' }}>
        {def.title}
      </Button>
    </div>
  );
}

export function Palette({ onAdd }: { onAdd: (type: string) => void }) {
  return (
    <nav aria-label="组件库" style={{ width: 200, flex: 'none', padding: 12, background: '#fff', borderRight: '1px solid #f0f0f0', overflow: 'auto' }}>
      {paletteGroups().map((g) => (
        <section key={g.group} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{g.title}</Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6, marginTop: 6 }}>
            {g.items.map((d) => <PaletteItem key={d.type} def={d} onAdd={onAdd} />)}
          </div>
        </section>
      ))}
    </nav>
  );
}
