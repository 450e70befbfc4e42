/** Small shared pieces of the block renderers (phone styles, images, values). */
import type { CSSProperties, ReactNode } from 'react';
import { getFileAccessHttpUrl } from '../../../api';

export const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : v === null || v === undefined ? d : String(v));
export const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
export const arr = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? (v.filter((x) => typeof x === 'object' && x !== null) as Array<Record<string, unknown>>) : []);

export const card: CSSProperties = { background: '#fff', margin: '8px 10px', borderRadius: 8, padding: '10px 12px' };
export const heading: CSSProperties = { fontSize: 15, fontWeight: 600, marginBottom: 8, color: '#1f1f1f' };

/** An uploaded image, or a grey box saying what is missing. */
export function Img({ path, alt, style }: { path: unknown; alt: string; style?: CSSProperties }) {
  const p = str(path);
  if (!p) return <div role="img" aria-label={`${alt}（未上传）`} style={{ background: '#f0f0f0', color: '#bfbfbf', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 12, ...style }}>{alt}</div>;
  return <img src={getFileAccessHttpUrl(p)} alt={alt} style={{ objectFit: 'cover', display: 'block', ...style }} />;
}

export function Block({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <div style={{ ...card, ...style }}>{children}</div>;
}

export function Empty({ text }: { text: string }) {
  return <div style={{ color: '#bfbfbf', fontSize: 12, padding: '8px 0', textAlign: 'center' }}>{text}</div>;
}
