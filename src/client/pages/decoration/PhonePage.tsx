/** The page as the patient app draws it (375 px wide): settings background and the visible blocks. */
import type { DecorationPage } from '../../../core/decoration/types';
import { isComponentType } from '../../../core/decoration/components';
import type { LiveData } from './live';
import { RENDERERS } from './renderers';

export function BlockView({ type, props, live }: { type: string; props: Record<string, unknown>; live: LiveData }) {
  if (!isComponentType(type)) return <div style={{ padding: 8, color: '#ff4d4f' }}>未知组件：{type}</div>;
  const R = RENDERERS[type];
  return <R props={props} live={live} />;
}

export function PhonePage({ page, live, width = 375 }: { page: DecorationPage; live: LiveData; width?: number }) {
  return (
    <div style={{ width, minHeight: 600, background: page.settings.background || '#f5f5f5', fontSize: 14 }}>
      {page.components.filter((n) => !n.hidden).map((n) => <BlockView key={n.id} type={n.type} props={n.props} live={live} />)}
    </div>
  );
}
