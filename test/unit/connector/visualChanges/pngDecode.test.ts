import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { decodePng } from '../../../../src/connector/visualChanges/pngDecode';

const WIDTH = 67;
const HEIGHT = 41;

/** A picture with gradients, noise and flat areas, so every row filter has something to do. */
function picture(): PNG {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  let seed = 7;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const flat = x < 20 && y < 15;
      png.data.set(
        flat ? [30, 30, 46, 255] : [(x * 4) & 255, (y * 6) & 255, seed & 255, x % 3 ? 255 : 128],
        (y * WIDTH + x) * 4,
      );
    }
  return png;
}

describe('PNG decoding for the visual diff', () => {
  const source = picture();

  for (const colorType of [2, 6] as const)
    for (const filterType of [0, 1, 2, 3, 4, -1])
      it(`gives pngjs's pixels for ${colorType === 2 ? 'RGB' : 'RGBA'} with row filter ${filterType < 0 ? 'chosen per row' : filterType}`, () => {
        const bytes = PNG.sync.write(source, { colorType, filterType });
        const expected = PNG.sync.read(bytes);
        const decoded = decodePng(bytes);
        assert.equal(decoded.width, WIDTH);
        assert.equal(decoded.height, HEIGHT);
        assert.deepEqual(Buffer.from(decoded.data), Buffer.from(expected.data));
      });

  it('hands what it does not read (grey, here) to pngjs, and refuses a PNG cut short', () => {
    const grey = PNG.sync.write(source, { colorType: 0 });
    assert.deepEqual(Buffer.from(decodePng(grey).data), Buffer.from(PNG.sync.read(grey).data));
    const rgb = PNG.sync.write(source, { colorType: 2 });
    assert.throws(() => decodePng(rgb.subarray(0, rgb.length - 200)));
  });
});
