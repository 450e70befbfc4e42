/** A light list of rows (title, description, actions) for the account pages, instead of antd List. */
import type { CSSProperties, ReactNode } from 'react';
import { UserOutlined } from '@ant-design/icons';

export interface RowItem {
  key: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

export function Rows({ items, testId, loading, empty = '暂无数据' }: { items: RowItem[]; testId?: string; loading?: boolean; empty?: string }) {
  if (loading) return <div style={{ padding: 16, color: 'rgba(0,0,0,.45)' }}>加载中…</div>;
  return (
    <div data-testid={testId}>
      {items.length === 0 ? <div style={{ padding: 16, color: 'rgba(0,0,0,.45)' }}>{empty}</div> : null}
      {items.map((i) => (
        <div key={i.key} className="account-row" style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ color: 'rgba(0,0,0,.88)' }}>{i.title}</div>
            {i.description ? <div style={{ color: 'rgba(0,0,0,.45)', marginTop: 4 }}>{i.description}</div> : null}
          </div>
          {i.actions ? <div style={{ flex: 'none' }}>{i.actions}</div> : null}
        </div>
      ))}
    </div>
  );
}

/** A white panel (instead of antd Card, which pulls Tabs and Skeleton into shared chunks). */
export function Panel({ title, children, testId, style }: { title?: ReactNode; children: ReactNode; testId?: string; style?: CSSProperties }) {
  return (
    <section data-testid={testId} style={{ background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0', ...style }}>
      {title ? <div style={{ padding: '16px 24px', borderBottom: '1px solid #f0f0f0', fontWeight: 500, fontSize: 16 }}>{title}</div> : null}
      <div style={{ padding: 24 }}>{children}</div>
    </section>
  );
}

/** A round avatar image, or the user icon. */
export function Face({ src, size }: { src?: string; size: number }) {
  return src ? (
    <img src={src} alt="头像" style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover' }} />
  ) : (
    <span style={{ display: 'inline-flex', width: size, height: size, borderRadius: '50%', background: '#d9d9d9', color: '#fff', alignItems: 'center', justifyContent: 'center', fontSize: size / 2 }}>
      <UserOutlined />
    </span>
  );
}
