/**
 * Read-only views shared by list cells and detail forms (kept free of heavy
 * dependencies: this file is in the list chunk).
 */
import { lazy, Suspense, useState } from 'react';
import { Space } from 'antd';
import { getFileAccessHttpUrl } from '../../api';
import { toList } from './values';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function Empty() {
  return <span>-</span>;
}

const ImagePreview = lazy(() => import('./ImagePreview'));

export const IMAGE_TEXTS = { preview: '预览', image: (n: number) => `图片${n}` } as const;

/**
 * Thumbnails of an image field, in list cells and detail forms: plain images, each a button
 * (click, Enter or Space) that opens the full-size preview, whose code loads on that first
 * use (ImagePreview.tsx) and stays mounted after, so it closes with its own animation.
 */
export function ImageView({ value, size = 64 }: { value: unknown; size?: number }) {
  const [preview, setPreview] = useState<{ current: number; visible: boolean } | null>(null);
  const urls = toList(value);
  if (!urls.length) return <Empty />;
  const srcs = urls.map((u) => getFileAccessHttpUrl(u));
  const open = (current: number) => setPreview({ current, visible: true });
  return (
    <>
      <Space size={4} wrap>
        {srcs.map((src, i) => (
          <img
            key={urls[i]}
            src={src}
            width={size}
            height={size}
            alt={IMAGE_TEXTS.image(i + 1)}
            title={IMAGE_TEXTS.preview}
            role="button"
            tabIndex={0}
            style={{ objectFit: 'cover', cursor: 'zoom-in', borderRadius: 2, verticalAlign: 'middle' }}
            onClick={() => open(i)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              open(i);
            }}
          />
        ))}
      </Space>
      {preview ? (
        <Suspense fallback={null}>
          <ImagePreview
            items={srcs}
            current={Math.min(preview.current, srcs.length - 1)}
            visible={preview.visible}
            onChange={(current) => setPreview({ current, visible: true })}
            onClose={() => setPreview((p) => (p ? { ...p, visible: false } : p))}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function FileView({ value }: { value: unknown }) {
  const files = toList(value);
  if (!files.length) return <Empty />;
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => (
        <a key={f} href={getFileAccessHttpUrl(f)} target="_blank" rel="noreferrer">
          {f.slice(f.lastIndexOf('/') + 1) || f}
        </a>
      ))}
    </Space>
  );
}

export function ColorView({ value }: { value: unknown }) {
  const color = str(value);
  if (!color) return <Empty />;
  return (
    <Space size={4}>
      <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 2, background: color, border: '1px solid #d9d9d9' }} />
      <span>{color}</span>
    </Space>
  );
}

