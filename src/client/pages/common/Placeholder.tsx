import type { PageProps } from '../registry';

/** A light placeholder for pages that are not built yet. */
export default function Placeholder({ title }: PageProps) {
  return (
    <div style={{ padding: 24, background: '#fff', minHeight: 200 }}>
      <h2 style={{ marginTop: 0 }}>{title ?? '页面'}</h2>
      <p style={{ color: 'rgba(0,0,0,.45)' }}>该页面正在建设中。</p>
    </div>
  );
}
