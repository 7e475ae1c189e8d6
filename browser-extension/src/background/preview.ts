import type { ScreenshotPreview } from '../../../src/shared/screenshotSchema';
import { CommandError } from './commandError';

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
      if (blob.size <= maxBytes)
        return {
          data: await blobToDataUrl(blob),
          width: outWidth,
          height: outHeight,
          cropped: cropped || sourceHeight < height,
        };
    }
    scale *= 0.75;
  }
}

/**
 * The `preview-image` command: a model-sized copy of an image the connector already has, for when a
 * screenshot came without one. Args: `{ data: data URL, maxDimension, maxBytes }`.
 */
export async function previewImage(args: Record<string, unknown>): Promise<ScreenshotPreview> {
  const { data, maxDimension, maxBytes } = args;
  if (typeof data !== 'string' || !/^data:image\/(png|jpeg);base64,/.test(data))
    throw new CommandError('INVALID_PARAMETER', "'data' must be a PNG or JPEG data URL.");
  if (
    !Number.isInteger(maxDimension) ||
    !Number.isInteger(maxBytes) ||
    (maxDimension as number) < 100 ||
    (maxBytes as number) < 10_000
  ) {
    throw new CommandError(
      'INVALID_PARAMETER',
      "'maxDimension' (at least 100) and 'maxBytes' (at least 10000) must be whole numbers.",
    );
  }
  try {
    return await makePreview(await dataUrlToBlob(data), maxDimension as number, maxBytes as number);
  } catch (error) {
    throw new CommandError('INVALID_PARAMETER', `The image could not be decoded: ${(error as Error).message}`);
  }
}
