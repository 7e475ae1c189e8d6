import assert from 'node:assert/strict';
import { decodeImageDataUrl } from '../../../../src/connector/screenshots/imageInfo';
import { pngDataUrl } from '../../../support/png';

describe('decodeImageDataUrl', () => {
  it('reads PNG dimensions from the header', () => {
    const image = decodeImageDataUrl(pngDataUrl(123, 45));
    assert.deepEqual([image.format, image.width, image.height], ['png', 123, 45]);
  });

  /** A JPEG as encoders write it: a segment (APP0, or a Huffman table) before the frame header. */
  const jpeg = (mime: string, segment: number[], frame: number, size: number[]) =>
    `data:image/${mime};base64,${Buffer.from([0xff, 0xd8, ...segment, 0xff, frame, 0x00, 0x0b, 0x08, ...size, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]).toString('base64')}`;
  const reads = (dataUrl: string) => {
    const image = decodeImageDataUrl(dataUrl);
    return [image.format, image.width, image.height];
  };

  it('reads JPEG dimensions from the start-of-frame segment, baseline or progressive', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const dht = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
    assert.deepEqual(reads(jpeg('jpeg', app0, 0xc0, [0x01, 0x2c, 0x02, 0x80])), ['jpeg', 640, 300]);
    assert.deepEqual(reads(jpeg('jpg', dht, 0xc2, [0x03, 0x20, 0x05, 0x00])), ['jpeg', 1280, 800]);
  });

  it('reads the size of a big PNG', () => {
    assert.deepEqual(reads(pngDataUrl(1280, 16_000)), ['png', 1280, 16_000]);
  });

  it('rejects other data URLs, broken headers and bytes of another format than declared', () => {
    assert.throws(() => decodeImageDataUrl('data:text/plain;base64,AAAA'), /data:image/);
    assert.throws(() => decodeImageDataUrl('data:image/png;base64,AAAA'), /header/);
    assert.throws(() => decodeImageDataUrl('data:image/png;base64,'), /header/);
    const png = pngDataUrl(10, 10).split(',')[1];
    assert.throws(() => decodeImageDataUrl(`data:image/jpeg;base64,${png}`), /jpeg image header/);
  });
});
