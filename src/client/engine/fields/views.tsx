/**
 * Read-only views shared by list cells and detail forms (kept free of heavy
 * dependencies: this file is in the list chunk).
 */
import { Image, Space } from 'antd';
import { getFileAccessHttpUrl } from '../../api';
import { toList } from './values';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function Empty() {
  return <span>-</span>;
}

export function ImageView({ value, size = 64 }: { value: unknown; size?: number }) {
  const urls = toList(value);
  if (!urls.length) return <Empty />;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {urls.map((u) => (
          <Image key={u} src={getFileAccessHttpUrl(u)} width={size} height={size} style={{ objectFit: 'cover' }} alt="" />
        ))}
      </Space>
    </Image.PreviewGroup>
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

