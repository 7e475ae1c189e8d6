import type { VisualBox } from '../../shared/visualChanges';

/** Decoded RGBA pixels, 4 bytes each. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** 32-bit pixels of RGBA bytes (a copy only when they are not 4-aligned). */
export function words(data: Uint8Array): Uint32Array {
  const aligned = data.byteOffset % 4 === 0 ? data : Uint8Array.from(data);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
}

/** The smallest box holding every pixel that differs between `a` and `b` (same size), or none. */
export function differingBox(a: Uint32Array, b: Uint32Array, width: number, height: number): VisualBox | undefined {
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = 0;
    while (first < width && a[row + first] === b[row + first]) first++;
    if (first === width) continue;
    let last = width - 1;
    while (a[row + last] === b[row + last]) last--;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  return top < 0 ? undefined : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** `box` grown by `margin` on every side, kept inside a width×height image. */
export function grown(box: VisualBox, margin: number, width: number, height: number): VisualBox {
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  return {
    x,
    y,
    width: Math.min(width, box.x + box.width + margin) - x,
    height: Math.min(height, box.y + box.height + margin) - y,
  };
}

/** The RGBA bytes of `box` (whole pixels, inside the image) cut out of a width-wide image. */
export function crop(data: Uint8Array, width: number, box: VisualBox): Uint8Array {
  if (box.x === 0 && box.width === width) return data.subarray(box.y * width * 4, (box.y + box.height) * width * 4);
  const out = new Uint8Array(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const start = ((box.y + y) * width + box.x) * 4;
    out.set(data.subarray(start, start + box.width * 4), y * box.width * 4);
  }
  return out;
}
