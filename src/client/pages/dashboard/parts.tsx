/**
 * Building blocks of the home page and the workplace, in plain elements styled like antd's Card
 * and Statistic: the home route has a bundle budget, and antd's Card and Statistic bring
 * Skeleton and their styles (about 6 KiB gzip) for looks these few lines give.
 */
import type { CSSProperties, ReactNode } from 'react';

export const MUTED: CSSProperties = { color: 'rgba(0,0,0,.45)' };
const BORDER = '1px solid #f0f0f0';

/** A titled white panel (antd Card look). */
export function Panel({ title, extra, children, testId, style, bodyStyle }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string; style?: CSSProperties; bodyStyle?: CSSProperties }) {
  return (
    <section data-testid={testId} style={{ background: '#fff', borderRadius: 8, border: BORDER, display: 'flex', flexDirection: 'column', ...style }}>
      {(title || extra) && (
        <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 56, padding: '0 24px', borderBottom: BORDER }}>
          <h3 style={{ margin: 0, fontSize: 16, fontWeight: 600, color: 'rgba(0,0,0,.88)' }}>{title}</h3>
          {extra}
        </header>
      )}
      <div style={{ padding: 24, flex: 1, ...bodyStyle }}>{children}</div>
    </section>
  );
}

/** A figure with its title (antd Statistic look). */
export function Figure({ title, value, suffix, color }: { title: ReactNode; value: ReactNode; suffix?: ReactNode; color?: string }) {
  return (
    <div>
      <div style={{ ...MUTED, fontSize: 14, marginBottom: 4 }}>{title}</div>
      <div style={{ fontSize: 24, color: color ?? 'rgba(0,0,0,.88)', fontVariantNumeric: 'tabular-nums' }}>
        <span data-testid="figure-value">{value}</span>
        {suffix && <span style={{ fontSize: 16, marginLeft: 4 }}>{suffix}</span>}
      </div>
    </div>
  );
}

/** Responsive grid: as many columns of at least `min` px as fit. */
export function Grid({ min, gap = 16, children, style }: { min: number; gap?: number; children: ReactNode; style?: CSSProperties }) {
  return <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(${min}px, 1fr))`, gap, ...style }}>{children}</div>;
}

/** A muted line in place of content: loading, nothing to show. */
export function Note({ text, height }: { text: string; height?: number }) {
  return <div style={{ ...MUTED, textAlign: 'center', padding: height ? 0 : '24px 0', height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{text}</div>;
}

export function ErrorLine({ message }: { message: string | null }) {
  return message ? <div role="alert" style={{ color: '#cf1322', marginBottom: 16 }}>{message}</div> : null;
}
