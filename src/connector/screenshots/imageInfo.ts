import { imageSize } from 'image-size';

export interface DecodedImage {
  format: 'png' | 'jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

/** image-size's name for each format a data URL may declare. */
const HEADER_TYPE = { png: 'png', jpeg: 'jpg' } as const;

/**
 * Decodes a `data:image/...;base64,` URL and reads the real pixel size from the image header
 * (image-size). The bytes must be the format the URL declares.
 */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const match = /^data:image\/(png|jpeg|jpg);base64,/.exec(dataUrl);
  if (!match) throw new Error('expected a data:image/png or data:image/jpeg base64 URL');
  const bytes = Buffer.from(dataUrl.slice(match[0].length), 'base64');
  const format = match[1] === 'png' ? 'png' : 'jpeg';
  const size = headerSize(bytes);
  if (!size || size.type !== HEADER_TYPE[format]) throw new Error(`the ${format} image header could not be read`);
  return { format, bytes, width: size.width, height: size.height };
}

function headerSize(bytes: Buffer): { type?: string; width: number; height: number } | undefined {
  try {
    return imageSize(bytes);
  } catch {
    return undefined;
  }
}
