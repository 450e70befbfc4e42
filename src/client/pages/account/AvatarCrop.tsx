/**
 * The square crop step of 更换头像: the chosen image in a square view, 缩放 from 1× to 4× (a native
 * range input: no further antd component in the shared chunk graph), drag to move; 确定 draws the square into a 200×200 PNG and hands it back (the caller uploads it).
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from 'antd';
import { clampOffset, cropRect, MAX_ZOOM, MIN_ZOOM, type Point } from './cropGeometry';

const VIEW = 240;
export const AVATAR_SIZE = 200;

function draw(canvas: HTMLCanvasElement, img: HTMLImageElement, zoom: number, offset: Point, side: number) {
  const r = cropRect({ width: img.naturalWidth, height: img.naturalHeight }, zoom, offset);
  const g = canvas.getContext('2d');
  if (!g) return;
  g.clearRect(0, 0, side, side);
  g.drawImage(img, r.x, r.y, r.size, r.size, 0, 0, side, side);
}

export default function AvatarCrop({ file, onCancel, onDone }: { file: File; onCancel: () => void; onDone: (png: File) => Promise<void> }) {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ from: Point; start: Point } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const el = new Image();
    el.onload = () => setImg(el);
    el.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => {
    if (img && canvas.current) draw(canvas.current, img, zoom, offset, VIEW);
  }, [img, zoom, offset]);

  const size = img ? { width: img.naturalWidth, height: img.naturalHeight } : null;
  /** Display pixels -> source pixels: the view shows the square of cropRect. */
  const scale = size ? Math.min(size.width, size.height) / zoom / VIEW : 1;

  async function confirm() {
    if (!img) return;
    const out = document.createElement('canvas');
    out.width = AVATAR_SIZE;
    out.height = AVATAR_SIZE;
    draw(out, img, zoom, offset, AVATAR_SIZE);
    const blob = await new Promise<Blob | null>((res) => out.toBlob(res, 'image/png'));
    if (!blob) return;
    setBusy(true);
    try {
      await onDone(new File([blob], 'avatar.png', { type: 'image/png' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="裁剪头像" okText="确定" cancelText="取消" onOk={() => void confirm()} onCancel={onCancel} confirmLoading={busy} okButtonProps={{ disabled: !img }} width={320} destroyOnHidden>
      <div data-testid="avatar-crop" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <canvas
          ref={canvas}
          width={VIEW}
          height={VIEW}
          data-testid="avatar-crop-canvas"
          style={{ width: VIEW, height: VIEW, background: '#f5f5f5', cursor: 'move', touchAction: 'none' }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { from: { x: e.clientX, y: e.clientY }, start: offset };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d || !size) return;
            // dragging the picture right shows more of its left: the square moves the other way
            setOffset(clampOffset(size, zoom, { x: d.start.x - (e.clientX - d.from.x) * scale, y: d.start.y - (e.clientY - d.from.y) * scale }));
          }}
          onPointerUp={() => { drag.current = null; }}
        />
        <div style={{ width: VIEW, marginTop: 12 }}>
          <label style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            缩放
            <input
              type="range"
              aria-label="缩放"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.1}
              value={zoom}
              style={{ flex: 1 }}
              onChange={(e) => {
                const z = Number(e.target.value);
                setZoom(z);
                if (size) setOffset((o) => clampOffset(size, z, o));
              }}
            />
            <span style={{ width: 40, textAlign: 'right' }}>{zoom.toFixed(1)}×</span>
          </label>
        </div>
      </div>
    </Modal>
  );
}
