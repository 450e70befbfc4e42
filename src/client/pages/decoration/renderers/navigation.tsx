/** Renderers of the navigation blocks: navigation column, redirect nav, bottom navigation. */
import type { RendererProps } from './types';
import { arr, Block, Img, str } from './parts';

export function NavColumn({ props }: RendererProps) {
  const cols = props.columns === 5 ? 5 : 4;
  return (
    <Block style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, 1fr)`, rowGap: 12 }}>
      {arr(props.items).map((it, i) => (
        <div key={i} style={{ textAlign: 'center', fontSize: 12 }}>
          <Img path={it.icon} alt={str(it.name, '图标')} style={{ width: 36, height: 36, borderRadius: 18, margin: '0 auto 4px' }} />
          {str(it.name)}
        </div>
      ))}
    </Block>
  );
}

export function RedirectNav({ props }: RendererProps) {
  return (
    <div style={{ display: 'flex', gap: 8, margin: '8px 10px' }}>
      {arr(props.items).map((it, i) => (
        <div key={i} style={{ flex: 1, background: '#fff', borderRadius: 8, padding: '10px 12px' }}>
          <div style={{ fontWeight: 600, fontSize: 14 }}>{str(it.name)}</div>
          <div style={{ fontSize: 12, color: '#8c8c8c' }}>{str(it.desc)}</div>
        </div>
      ))}
    </div>
  );
}

export function BottomNav({ props }: RendererProps) {
  const items = arr(props.items);
  return (
    <div style={{ display: 'flex', background: '#fff', borderTop: '1px solid #f0f0f0', height: 52, marginTop: 8 }}>
      {items.map((it, i) => (
        <div key={i} style={{ flex: 1, textAlign: 'center', fontSize: 11, color: i === 0 ? str(props.activeColor, '#1677ff') : '#8c8c8c', paddingTop: 6 }}>
          <Img path={it.icon} alt={str(it.name, '图标')} style={{ width: 22, height: 22, margin: '0 auto 2px' }} />
          {str(it.name)}
        </div>
      ))}
    </div>
  );
}
