/** Renderers of the picture blocks: banner, header ad, museum. */
import type { RendererProps } from './types';
import { arr, Block, heading, Img, num, str } from './parts';

export function Banner({ props }: RendererProps) {
  const items = arr(props.items);
  const h = num(props.height, 150);
  return (
    <div style={{ margin: '8px 10px', position: 'relative' }}>
      <Img path={items[0]?.image} alt="轮播图" style={{ width: '100%', height: h, borderRadius: 8 }} />
      {items.length > 1 && (
        <div style={{ position: 'absolute', bottom: 6, width: '100%', textAlign: 'center' }}>
          {items.map((_, i) => <span key={i} style={{ display: 'inline-block', width: 6, height: 6, borderRadius: 3, margin: '0 2px', background: i === 0 ? '#fff' : 'rgba(255,255,255,.5)' }} />)}
        </div>
      )}
    </div>
  );
}

export function HeaderAd({ props }: RendererProps) {
  return <Img path={props.image} alt="头部广告" style={{ width: '100%', height: num(props.height, 80) }} />;
}

export function Museum({ props }: RendererProps) {
  return (
    <Block>
      <div style={heading}>{str(props.title)}</div>
      <div style={{ display: 'flex', gap: 8, overflow: 'hidden' }}>
        {arr(props.items).map((it, i) => (
          <div key={i} style={{ width: 110, flex: 'none' }}>
            <Img path={it.image} alt={str(it.name, '展品')} style={{ width: 110, height: 74, borderRadius: 6 }} />
            <div style={{ fontSize: 12, marginTop: 4 }}>{str(it.name)}</div>
          </div>
        ))}
      </div>
    </Block>
  );
}
