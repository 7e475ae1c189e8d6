import { decodePng, type RgbaImage } from './visualDiff';

/** Decoded baseline pixels kept in memory: 12 viewports of 1280×800 (4 bytes a pixel). */
export const MAX_DECODED_BYTES = 48 * 1024 * 1024;

/**
 * Baseline screenshots decoded once and reused by every later replay of the recording: decoding a PNG is most
 * of a changed step's diff time (pngjs, ~18 ms for 1280×800 here). Least recently used first out, capped in
 * bytes. Keys name the baseline (recording, when it was taken, step), so a new baseline never meets old pixels.
 */
export class DecodedImages {
  private readonly images = new Map<string, RgbaImage>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_DECODED_BYTES) {}

  /** The pixels of `png`, decoded now or earlier under `key`. */
  get(key: string, png: Uint8Array): RgbaImage {
    const kept = this.images.get(key);
    if (kept) {
      this.images.delete(key);
      this.images.set(key, kept);
      return kept;
    }
    const image = decodePng(png);
    if (image.data.byteLength > this.maxBytes) return image;
    this.images.set(key, image);
    this.bytes += image.data.byteLength;
    for (const [oldest, old] of this.images) {
      if (this.bytes <= this.maxBytes) break;
      this.images.delete(oldest);
      this.bytes -= old.data.byteLength;
    }
    return image;
  }

  /** Drops every image whose key starts with `prefix` (a recording's baseline replaced or deleted). */
  forget(prefix: string): void {
    for (const [key, image] of this.images)
      if (key.startsWith(prefix)) {
        this.images.delete(key);
        this.bytes -= image.data.byteLength;
      }
  }

  get size(): { images: number; bytes: number } {
    return { images: this.images.size, bytes: this.bytes };
  }
}
