import type { VisualBox } from '../../shared/visualChanges';
import { crop, differingBox, grown, words, type RgbaImage } from './pixels';

export type { RgbaImage };
export { decodePng } from './pngDecode';

/** A changed region in image pixels, with how many of its pixels changed. */
export interface Region extends VisualBox {
  pixels: number;
}

/** Changed pixels are grouped in cells of this size (image px)... */
const CELL = 8;
/** ...and cells this many apart (a gap under 16 px) belong to one region. */
const REACH = 2;
/** Regions with fewer changed pixels are noise (a stray anti-aliased pixel pixelmatch let through). */
const MIN_PIXELS = 4;
/** pixelmatch's colour distance threshold: its default, which ignores slight colour shifts. */
const THRESHOLD = 0.1;
/**
 * pixelmatch runs on the box where pixels differ at all, grown by this much: its anti-aliasing test reads each
 * pixel's neighbours, so it answers as on the whole image.
 */
const AA_MARGIN = 2;

type Pixelmatch = typeof import('pixelmatch', { with: { 'resolution-mode': 'import' } }).default;
let loaded: Promise<Pixelmatch> | undefined;
/** pixelmatch is an ES module: loaded once, on the first diff. */
export function loadPixelmatch(): Promise<Pixelmatch> {
  loaded ??= import('pixelmatch').then((module) => module.default);
  return loaded;
}

/** `after` with the masked boxes painted from `before`: what is there never counts as a change. */
function masked(before: RgbaImage, after: RgbaImage, masks: readonly VisualBox[]): Uint8Array {
  if (!masks.length) return after.data;
  const out = Uint8Array.from(after.data);
  for (const box of masks) {
    const x0 = Math.max(0, Math.floor(box.x));
    const x1 = Math.min(after.width, Math.ceil(box.x + box.width));
    for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(after.height, Math.ceil(box.y + box.height)); y++) {
      const start = (y * after.width + x0) * 4;
      out.set(before.data.subarray(start, start + (x1 - x0) * 4), start);
    }
  }
  return out;
}

/**
 * The regions where `after` differs from `before` (same size), anti-aliasing tolerant (pixelmatch), outside the
 * masks. Changed pixels close together make one region, so a restyled button is one box, not one per glyph.
 * An exact compare first finds the box where anything differs, and pixelmatch looks only there: a restyled
 * button costs a button's worth of pixelmatch, not a viewport's.
 */
export async function changedRegions(
  before: RgbaImage,
  after: RgbaImage,
  masks: readonly VisualBox[] = [],
): Promise<Region[]> {
  if (before.width !== after.width || before.height !== after.height)
    throw new Error(`images of different sizes (${before.width}×${before.height}, ${after.width}×${after.height})`);
  const pixelmatch = await loadPixelmatch();
  const { width, height } = after;
  const shown = masked(before, after, masks);
  const differs = differingBox(words(before.data), words(shown), width, height);
  if (!differs) return [];
  const box = grown(differs, AA_MARGIN, width, height);
  const output = new Uint8Array(box.width * box.height * 4);
  const changed = pixelmatch(crop(before.data, width, box), crop(shown, width, box), output, box.width, box.height, {
    threshold: THRESHOLD,
    includeAA: false,
    diffMask: true,
  });
  if (!changed) return [];
  return regionsOf(output, box.width, box.height).map((region) => ({
    ...region,
    x: region.x + box.x,
    y: region.y + box.y,
  }));
}

/**
 * Where two shots of one step differ at all, as regions: what moves on its own, to be masked. A mask may be
 * generous, so this needs no anti-aliasing tolerance, and an exact compare of 32-bit pixels costs a fraction of
 * pixelmatch's.
 */
export function movedRegions(first: RgbaImage, second: RgbaImage): Region[] {
  if (first.width !== second.width || first.height !== second.height)
    throw new Error(`images of different sizes (${first.width}×${first.height}, ${second.width}×${second.height})`);
  const a = words(first.data);
  const b = words(second.data);
  const mask = new Uint8Array(a.length);
  let changed = 0;
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) {
      mask[i] = 1;
      changed++;
    }
  return changed ? regionsOf(mask, first.width, first.height, 1) : [];
}

interface Cell extends Region {
  key: number;
}

/**
 * Changed pixels into cells, then cells into regions. A pixel is changed where its last mask byte is set: the
 * alpha of pixelmatch's RGBA diff mask (`bytesPerPixel` 4), or a 1-byte-a-pixel mask.
 */
export function regionsOf(mask: Uint8Array, width: number, height: number, bytesPerPixel = 4): Region[] {
  const columns = Math.ceil(width / CELL);
  const cells = new Map<number, Cell>();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (mask[(y * width + x + 1) * bytesPerPixel - 1] === 0) continue;
      const key = Math.floor(y / CELL) * columns + Math.floor(x / CELL);
      const cell = cells.get(key);
      if (!cell) cells.set(key, { key, x, y, width: 1, height: 1, pixels: 1 });
      else grow(cell, x, y);
    }
  return groups(cells, columns).filter((region) => region.pixels >= MIN_PIXELS);
}

function grow(cell: Region, x: number, y: number): void {
  const right = Math.max(cell.x + cell.width, x + 1);
  const bottom = Math.max(cell.y + cell.height, y + 1);
  cell.x = Math.min(cell.x, x);
  cell.y = Math.min(cell.y, y);
  cell.width = right - cell.x;
  cell.height = bottom - cell.y;
  cell.pixels++;
}

/** Connected groups of cells, REACH cells apart at most, as one box each. */
function groups(cells: Map<number, Cell>, columns: number): Region[] {
  const regions: Region[] = [];
  const seen = new Set<number>();
  for (const start of cells.values()) {
    if (seen.has(start.key)) continue;
    seen.add(start.key);
    const region: Region = { x: start.x, y: start.y, width: start.width, height: start.height, pixels: 0 };
    const queue = [start];
    for (let cell = queue.pop(); cell; cell = queue.pop()) {
      union(region, cell);
      const row = Math.floor(cell.key / columns);
      const column = cell.key % columns;
      for (let dy = -REACH; dy <= REACH; dy++)
        for (let dx = -REACH; dx <= REACH; dx++) {
          if (column + dx < 0 || column + dx >= columns) continue;
          const key = (row + dy) * columns + column + dx;
          const next = cells.get(key);
          if (!next || seen.has(key)) continue;
          seen.add(key);
          queue.push(next);
        }
    }
    regions.push(region);
  }
  return regions;
}

function union(region: Region, cell: Region): void {
  const right = Math.max(region.x + region.width, cell.x + cell.width);
  const bottom = Math.max(region.y + region.height, cell.y + cell.height);
  region.x = Math.min(region.x, cell.x);
  region.y = Math.min(region.y, cell.y);
  region.width = right - region.x;
  region.height = bottom - region.y;
  region.pixels += cell.pixels;
}
