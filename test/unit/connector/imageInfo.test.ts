import assert from 'node:assert/strict';
import { decodeImageDataUrl } from '../../../src/connector/imageInfo';
import { pngDataUrl } from '../../support/png';

describe('decodeImageDataUrl', () => {
  it('reads PNG dimensions from the header', () => {
    const image = decodeImageDataUrl(pngDataUrl(123, 45));
    assert.deepEqual([image.format, image.width, image.height], ['png', 123, 45]);
  });

  it('reads JPEG dimensions from the start-of-frame segment', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x01, 0x2c, 0x02, 0x80, 0x01, 0x01, 0x11, 0x00];
    const bytes = Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
    const image = decodeImageDataUrl(`data:image/jpeg;base64,${bytes.toString('base64')}`);
    assert.deepEqual([image.format, image.width, image.height], ['jpeg', 640, 300]);
  });

  it('rejects other data URLs and broken headers', () => {
    assert.throws(() => decodeImageDataUrl('data:text/plain;base64,AAAA'), /data:image/);
    assert.throws(() => decodeImageDataUrl('data:image/png;base64,AAAA'), /header/);
  });
});
