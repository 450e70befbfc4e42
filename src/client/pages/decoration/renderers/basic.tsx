/** Renderers of the basic blocks: navbar, header, search, announcement, welcome. */
import type { RendererProps } from './types';
import { Block, Empty, Img, num, str } from './parts';

export function Navbar({ props }: RendererProps) {
  return (
    <div style={{ background: str(props.background, '#1677ff'), color: str(props.textColor, '#fff'), height: 44, display: 'flex', alignItems: 'center', justifyContent: 'center', position: 'relative', fontSize: 16, fontWeight: 600 }}>
      {props.showBack === true && <span style={{ position: 'absolute', left: 12 }}>‹</span>}
      {str(props.title)}
    </div>
  );
}

export function Header({ props }: RendererProps) {
  return (
    <div style={{ background: str(props.background, '#e6f4ff'), padding: '14px 12px', display: 'flex', gap: 10, alignItems: 'center' }}>
      <Img path={props.logo} alt="医院标志" style={{ width: 44, height: 44, borderRadius: 22 }} />
      <div>
        <div style={{ fontSize: 17, fontWeight: 600 }}>{str(props.hospitalName)}</div>
        <div style={{ fontSize: 12, color: '#595959' }}>{str(props.subtitle)}</div>
      </div>
    </div>
  );
}

export function Search({ props }: RendererProps) {
  return (
    <div style={{ padding: '8px 10px' }}>
      <div style={{ background: '#fff', borderRadius: props.shape === 'square' ? 4 : 16, height: 32, display: 'flex', alignItems: 'center', padding: '0 12px', color: '#8c8c8c', fontSize: 13 }}>
        🔍 {str(props.placeholder)}
      </div>
    </div>
  );
}

export function Announcement({ props, live }: RendererProps) {
  const items = live.announcements.slice(0, num(props.count, 3));
  return (
    <div style={{ background: str(props.background, '#fff7e6'), color: str(props.textColor, '#d46b08'), margin: '8px 10px', borderRadius: 6, padding: '6px 10px', fontSize: 13, display: 'flex', gap: 8 }}>
      <b style={{ whiteSpace: 'nowrap' }}>{str(props.label)}</b>
      <div style={{ overflow: 'hidden', flex: 1 }}>
        {items.length ? items.map((a) => <div key={a.id} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{a.title}</div>) : <span>暂无公告</span>}
      </div>
    </div>
  );
}

export function Welcome({ props }: RendererProps) {
  return (
    <Block style={{ textAlign: props.align === 'center' ? 'center' : 'left' }}>
      <div style={{ fontSize: 16, fontWeight: 600 }}>{str(props.text)}</div>
      {str(props.subtitle) ? <div style={{ fontSize: 12, color: '#8c8c8c', marginTop: 4 }}>{str(props.subtitle)}</div> : <Empty text="" />}
    </Block>
  );
}
