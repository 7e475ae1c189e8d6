import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { changedRegions, decodePng, type RgbaImage } from '../../../../src/connector/visualChanges/visualDiff';

const WIDTH = 320;
const HEIGHT = 200;

/** A white picture with filled boxes, through a real PNG encode and decode. */
function picture(boxes: { x: number; y: number; width: number; height: number; rgb: number[] }[]): RgbaImage {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  png.data.fill(255);
  for (const box of boxes)
    for (let y = box.y; y < box.y + box.height; y++)
      for (let x = box.x; x < box.x + box.width; x++) png.data.set([...box.rgb, 255], (y * WIDTH + x) * 4);
  return decodePng(PNG.sync.write(png));
}

describe('visual diff (pixelmatch, regions)', () => {
  const button = { x: 40, y: 60, width: 80, height: 30 };

  it('finds nothing between identical pictures', async () => {
    const base = picture([{ ...button, rgb: [0, 120, 60] }]);
    assert.deepEqual(await changedRegions(base, picture([{ ...button, rgb: [0, 120, 60] }])), []);
  });

  it('merges a recoloured box into one region with its exact bounds', async () => {
    const regions = await changedRegions(
      picture([{ ...button, rgb: [0, 120, 60] }]),
      picture([{ ...button, rgb: [200, 30, 30] }]),
    );
    assert.equal(regions.length, 1, JSON.stringify(regions));
    assert.deepEqual({ ...regions[0], pixels: undefined }, { ...button, pixels: undefined });
    assert.equal(regions[0]!.pixels, button.width * button.height);
  });

  it('keeps far-apart changes apart, and leaves masked ones out', async () => {
    const clock = { x: 250, y: 10, width: 40, height: 12 };
    const before = picture([
      { ...button, rgb: [0, 120, 60] },
      { ...clock, rgb: [0, 0, 0] },
    ]);
    const after = picture([
      { ...button, rgb: [200, 30, 30] },
      { ...clock, width: 30, rgb: [0, 0, 0] },
    ]);
    assert.equal((await changedRegions(before, after)).length, 2);
    const masked = await changedRegions(before, after, [{ x: 246, y: 6, width: 48, height: 20 }]);
    assert.deepEqual(
      masked.map(({ x, y }) => ({ x, y })),
      [{ x: button.x, y: button.y }],
    );
  });

  it('ignores a colour shift below the threshold, and refuses pictures of different sizes', async () => {
    const slight = await changedRegions(
      picture([{ ...button, rgb: [0, 120, 60] }]),
      picture([{ ...button, rgb: [0, 121, 61] }]),
    );
    assert.deepEqual(slight, []);
    const small = decodePng(PNG.sync.write(new PNG({ width: 10, height: 10 })));
    await assert.rejects(changedRegions(small, picture([])), /images of different sizes \(10×10, 320×200\)/);
  });
});
