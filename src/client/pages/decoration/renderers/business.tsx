/** Renderers of the hospital blocks: departments, hospital services, consultation, recommended doctors. */
import type { RendererProps } from './types';
import { arr, Block, Empty, heading, Img, num, str } from './parts';

export function Departments({ props, live }: RendererProps) {
  const items = live.departments.slice(0, num(props.count, 8));
  return (
    <Block>
      <div style={heading}>{str(props.title)}</div>
      {items.length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8 }}>
          {items.map((d) => <div key={d.id} style={{ background: '#f5f8ff', borderRadius: 4, textAlign: 'center', fontSize: 12, padding: '6px 2px', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{d.name}</div>)}
        </div>
      ) : <Empty text="暂无科室" />}
    </Block>
  );
}

export function HospitalServices({ props }: RendererProps) {
  return (
    <Block>
      <div style={heading}>{str(props.title)}</div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
        {arr(props.items).map((it, i) => (
          <div key={i} style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12 }}>
            <Img path={it.icon} alt={str(it.name, '图标')} style={{ width: 24, height: 24, borderRadius: 4 }} />
            {str(it.name)}
          </div>
        ))}
      </div>
    </Block>
  );
}

export function Consultation({ props }: RendererProps) {
  const btn = (text: string, bg: string) => <div style={{ flex: 1, background: bg, color: '#fff', borderRadius: 6, textAlign: 'center', padding: '10px 0', fontSize: 14 }}>{text}</div>;
  return (
    <Block>
      <div style={heading}>{str(props.title)}</div>
      <div style={{ display: 'flex', gap: 8 }}>
        {btn(str(props.textLabel, '图文问诊'), '#1677ff')}
        {btn(str(props.videoLabel, '视频问诊'), '#13c2c2')}
      </div>
    </Block>
  );
}

export function RecommendDoctor({ props, live }: RendererProps) {
  const items = live.doctors.slice(0, num(props.count, 3));
  return (
    <Block>
      <div style={heading}>{str(props.title)}</div>
      {items.length ? items.map((d) => (
        <div key={d.id} style={{ display: 'flex', gap: 10, padding: '6px 0', borderTop: '1px solid #f5f5f5' }}>
          <Img path={d.avatar} alt={d.name} style={{ width: 40, height: 40, borderRadius: 20, flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <div style={{ fontSize: 14 }}><b>{d.name}</b> <span style={{ fontSize: 12, color: '#8c8c8c' }}>{d.title} {d.department}</span></div>
            {props.showGoodAt !== false && d.goodAt && <div style={{ fontSize: 12, color: '#595959', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>擅长：{d.goodAt}</div>}
          </div>
        </div>
      )) : <Empty text="暂无推荐医生" />}
    </Block>
  );
}
