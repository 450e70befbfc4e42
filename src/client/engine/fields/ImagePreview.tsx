/**
 * The full-size preview of ImageView's thumbnails (antd Image's preview: zoom, rotate, the
 * arrows between a field's images, Esc to close), in a chunk of its own: it is loaded by the
 * first click on a thumbnail, never on a list's way to its rows.
 */
import { Image } from 'antd';

export interface ImagePreviewProps {
  /** Image addresses, in the field's order. */
  items: string[];
  /** Index of the image shown. */
  current: number;
  visible: boolean;
  onChange: (current: number) => void;
  onClose: () => void;
}

export default function ImagePreview({ items, current, visible, onChange, onClose }: ImagePreviewProps) {
  return (
    <Image.PreviewGroup
      items={items}
      preview={{ visible, current, onChange, onVisibleChange: (v) => { if (!v) onClose(); } }}
    />
  );
}
