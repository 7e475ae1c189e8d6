import type { ScreenshotPreview } from '../../../src/shared/protocol';

/** A page more than this many times taller than wide is shown as its top part. */
const TALL_RATIO = 2;
const QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4];

export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type};base64,${btoa(binary)}`;
}

/**
 * A model-sized JPEG made in the browser (OffscreenCanvas), so nothing native ships in the VSIX:
 * longest side at most `maxDimension`, under `maxBytes`; a very tall page keeps its top part at a
 * readable width.
 */
export async function makePreview(image: Blob, maxDimension: number, maxBytes: number): Promise<ScreenshotPreview> {
  const bitmap = await createImageBitmap(image);
  const { width, height } = bitmap;
  const cropped = height > width * TALL_RATIO && height > maxDimension;
  let scale = cropped ? Math.min(1, maxDimension / width) : Math.min(1, maxDimension / Math.max(width, height));
  for (;;) {
    const outWidth = Math.max(1, Math.round(width * scale));
    const sourceHeight = cropped ? Math.min(height, Math.round(maxDimension / scale)) : height;
    const outHeight = Math.max(1, Math.round(sourceHeight * scale));
    const canvas = new OffscreenCanvas(outWidth, outHeight);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0, width, sourceHeight, 0, 0, outWidth, outHeight);
    for (const quality of QUALITIES) {
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (blob.size <= maxBytes) return { data: await blobToDataUrl(blob), width: outWidth, height: outHeight, cropped: cropped || sourceHeight < height };
    }
    scale *= 0.75;
  }
}
