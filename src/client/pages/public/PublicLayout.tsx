/** The frame of the public pages (no login): a title bar and a centred column. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export default function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <header style={{ background: '#fff', borderBottom: '1px solid #f0f0f0', padding: '12px 24px', display: 'flex', alignItems: 'center', gap: 16 }}>
        <Link to="/test/home" style={{ fontSize: 16, fontWeight: 600, color: 'rgba(0,0,0,.88)' }}>互联网医院</Link>
        <span style={{ color: 'rgba(0,0,0,.45)' }}>{title}</span>
      </header>
      <main style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
        <h2 style={{ fontSize: 22, fontWeight: 500, margin: '0 0 16px' }}>{title}</h2>
        {children}
      </main>
    </div>
  );
}
