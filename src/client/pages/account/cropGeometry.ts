/**
 * Square avatar crop: the source square of an image for a zoom and a pan offset. At zoom 1 the
 * square is the image's shorter side (the whole width or height); zoom z shows 1/z of it. The
 * offset (source pixels) moves the square from the centre, and the square never leaves the image.
 */
export interface Size { width: number; height: number }
export interface Point { x: number; y: number }
export interface SquareRect { x: number; y: number; size: number }

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The offset that keeps the square inside the image (what a drag may reach). */
export function clampOffset(img: Size, zoom: number, offset: Point): Point {
  const size = Math.min(img.width, img.height) / clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const mx = (img.width - size) / 2;
  const my = (img.height - size) / 2;
  return { x: clamp(offset.x, -mx, mx), y: clamp(offset.y, -my, my) };
}

/** The source square (image pixels) to draw into the avatar. */
export function cropRect(img: Size, zoom: number, offset: Point): SquareRect {
  const size = Math.min(img.width, img.height) / clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const o = clampOffset(img, zoom, offset);
  return { x: (img.width - size) / 2 + o.x, y: (img.height - size) / 2 + o.y, size };
}
