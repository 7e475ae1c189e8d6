export interface DecodedImage {
  format: 'png' | 'jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

/** Decodes a `data:image/...;base64,` URL and reads the real pixel size from the image header. */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const match = /^data:image\/(png|jpeg|jpg);base64,/.exec(dataUrl);
  if (!match) throw new Error('expected a data:image/png or data:image/jpeg base64 URL');
  const bytes = Buffer.from(dataUrl.slice(match[0].length), 'base64');
  const format = match[1] === 'png' ? 'png' : 'jpeg';
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) throw new Error(`the ${format} image header could not be read`);
  return { format, bytes, ...size };
}

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Walks JPEG markers to the first start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}
