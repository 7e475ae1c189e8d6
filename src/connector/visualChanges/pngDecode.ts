import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import type { RgbaImage } from './pixels';

/**
 * PNG to RGBA pixels, the visual diff's largest cost. Chrome's screenshots are 8-bit RGB (or RGBA),
 * not interlaced: those are decoded here, with Node's zlib and one pass per row over the inflated bytes, in
 * about half of pngjs's time (pngjs maps every pixel through generic per-format code, and `fast-png` measured
 * no faster on these). Anything else (palettes, 16-bit, grey, interlaced) goes to pngjs. Both give the same bytes
 * (test/unit/connector/visualChanges/pngDecode.test.ts).
 */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsed = chunksOf(png);
  if (!parsed) {
    const decoded = PNG.sync.read(png);
    return { width: decoded.width, height: decoded.height, data: decoded.data };
  }
  const { width, height, channels, idat } = parsed;
  const rows = inflateSync(idat.length === 1 ? idat[0]! : Buffer.concat(idat));
  if (rows.length < (width * channels + 1) * height) throw new Error('the PNG ends before its last row');
  unfilter(rows, width * channels, height, channels);
  return { width, height, data: rgba(rows, width, height, channels) };
}

interface Chunks {
  width: number;
  height: number;
  channels: 3 | 4;
  idat: Buffer[];
}

/** The header and image data of a PNG this decoder reads, or undefined for pngjs to read. */
function chunksOf(png: Buffer): Chunks | undefined {
  if (png.length < 33 || png.readUInt32BE(0) !== 0x89504e47 || png.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  const depth = png[24];
  const colour = png[25];
  const interlaced = png[28] !== 0;
  if (depth !== 8 || interlaced || (colour !== 2 && colour !== 6)) return undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), channels: colour === 6 ? 4 : 3, idat };
}

/** Undoes the PNG row filters in place (each row: a filter byte, then `stride` bytes). */
function unfilter(rows: Buffer, stride: number, height: number, bpp: number): void {
  const rowLength = stride + 1;
  for (let y = 0; y < height; y++) {
    const start = y * rowLength + 1;
    const filter = rows[start - 1];
    // The row above the first is zeros: Up adds nothing, Average halves the left, Paeth picks the left.
    const above = y === 0 ? -1 : start - rowLength;
    if (filter === 0 || (filter === 2 && above < 0)) continue;
    if (filter === 1 || (filter === 4 && above < 0))
      for (let i = start + bpp; i < start + stride; i++) rows[i]! += rows[i - bpp]!;
    else if (filter === 2) for (let i = 0; i < stride; i++) rows[start + i]! += rows[above + i]!;
    else if (filter === 3) average(rows, start, above, stride, bpp);
    else if (filter === 4) paeth(rows, start, above, stride, bpp);
    else throw new Error(`the PNG has an unknown row filter ${filter}`);
  }
}

function average(rows: Buffer, start: number, above: number, stride: number, bpp: number): void {
  for (let i = 0; i < stride; i++) {
    const left = i >= bpp ? rows[start + i - bpp]! : 0;
    const up = above < 0 ? 0 : rows[above + i]!;
    rows[start + i]! += (left + up) >> 1;
  }
}

function paeth(rows: Buffer, start: number, above: number, stride: number, bpp: number): void {
  for (let i = 0; i < bpp; i++) rows[start + i]! += rows[above + i]!;
  for (let i = bpp; i < stride; i++) {
    const a = rows[start + i - bpp]!;
    const b = rows[above + i]!;
    const c = rows[above + i - bpp]!;
    const pa = Math.abs(b - c);
    const pb = Math.abs(a - c);
    const pc = Math.abs(a + b - 2 * c);
    rows[start + i]! += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  }
}

/** The unfiltered rows as RGBA, 4 bytes a pixel (RGB gets an opaque alpha). */
function rgba(rows: Buffer, width: number, height: number, channels: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const stride = width * channels;
  if (channels === 4) {
    for (let y = 0; y < height; y++) out.set(rows.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
    return out;
  }
  // Little-endian words: R is the low byte. (Every platform VS Code runs on is little-endian.)
  const words = new Uint32Array(out.buffer);
  let pixel = 0;
  for (let y = 0; y < height; y++)
    for (let i = y * (stride + 1) + 1, end = i + stride; i < end; i += 3)
      words[pixel++] = (0xff000000 | (rows[i + 2]! << 16) | (rows[i + 1]! << 8) | rows[i]!) >>> 0;
  return out;
}
