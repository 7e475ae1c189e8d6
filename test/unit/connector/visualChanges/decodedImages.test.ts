import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { DecodedImages } from '../../../../src/connector/visualChanges/decodedImages';
import { changedRegions, decodePng, movedRegions } from '../../../../src/connector/visualChanges/visualDiff';

/** A 100×50 PNG, white with one filled box. */
function png(box: { x: number; y: number; width: number; height: number; rgb: number[] }): Buffer {
  const image = new PNG({ width: 100, height: 50 });
  image.data.fill(255);
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) image.data.set([...box.rgb, 255], (y * 100 + x) * 4);
  return PNG.sync.write(image);
}

describe('visual diff: decoded baselines kept, moved pixels found exactly', () => {
  const a = png({ x: 10, y: 10, width: 20, height: 10, rgb: [0, 120, 60] });
  const b = png({ x: 60, y: 30, width: 20, height: 10, rgb: [200, 30, 30] });
  const IMAGE_BYTES = 100 * 50 * 4;

  it('decodes a baseline step once, then answers the same pixels', () => {
    const images = new DecodedImages();
    const first = images.get('rec-a/1/0', a);
    assert.equal(images.get('rec-a/1/0', a), first, 'the same decoded image, not a new decode');
    assert.deepEqual(first.data, decodePng(a).data);
    assert.deepEqual(images.size, { images: 1, bytes: IMAGE_BYTES });
  });

  it('keeps at most its byte cap, least recently used out first, and forgets a recording', () => {
    const images = new DecodedImages(2 * IMAGE_BYTES);
    const kept = images.get('rec-a/1/0', a);
    images.get('rec-a/1/1', b);
    images.get('rec-a/1/0', a); // used again: now the newest
    images.get('rec-b/1/0', b);
    assert.deepEqual(images.size, { images: 2, bytes: 2 * IMAGE_BYTES });
    assert.equal(images.get('rec-a/1/0', a), kept, 'the recently used one stayed');
    images.forget('rec-a/');
    assert.deepEqual(images.size, { images: 1, bytes: IMAGE_BYTES });
  });

  it('finds what moved between two shots as regions, and nothing between equal ones', () => {
    const before = decodePng(a);
    assert.deepEqual(movedRegions(before, decodePng(a)), []);
    const moved = movedRegions(before, decodePng(b));
    assert.deepEqual(
      moved.map(({ x, y, width, height }) => ({ x, y, width, height })),
      [
        { x: 10, y: 10, width: 20, height: 10 },
        { x: 60, y: 30, width: 20, height: 10 },
      ],
    );
    const small = decodePng(PNG.sync.write(new PNG({ width: 20, height: 20 })));
    assert.throws(() => movedRegions(before, small), /images of different sizes \(100×50, 20×20\)/);
  });

  it('pixelmatch on the differing box alone gives the boxes it gives on the whole image', async () => {
    const regions = await changedRegions(decodePng(a), decodePng(b));
    assert.deepEqual(
      regions.map(({ x, y, width, height }) => ({ x, y, width, height })),
      [
        { x: 10, y: 10, width: 20, height: 10 },
        { x: 60, y: 30, width: 20, height: 10 },
      ],
    );
    assert.deepEqual(await changedRegions(decodePng(a), decodePng(b), [{ x: 0, y: 0, width: 100, height: 50 }]), []);
  });
});
