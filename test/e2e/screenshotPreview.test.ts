import assert from 'node:assert/strict';
import { decodeImageDataUrl } from '../../src/connector/screenshots/imageInfo';
import { PREVIEW_LIMITS } from '../../src/mcp/tools/screenshotTools';
import { pngDataUrl } from '../support/png';
import { extensionRig } from './support/chromium';

describe('browser extension: a preview of an image the connector already has (preview-image)', function () {
  this.timeout(60_000);
  const rig = extensionRig();

  it('scales a screenshot that came without a preview to the model limits, as a JPEG', async () => {
    const preview = await rig.connector.connector.services.screenshots.previewOf(
      pngDataUrl(3000, 2000),
      PREVIEW_LIMITS,
    );
    const image = decodeImageDataUrl(preview.data);
    assert.deepEqual([image.format, image.width, image.height], ['jpeg', 1600, 1067]);
    assert.deepEqual([preview.width, preview.height, preview.cropped], [1600, 1067, false]);
    assert.ok(image.bytes.length <= PREVIEW_LIMITS.maxBytes);
  });

  it('keeps the top part of a very tall one at a readable width', async () => {
    const preview = await rig.connector.connector.services.screenshots.previewOf(
      pngDataUrl(1000, 9000),
      PREVIEW_LIMITS,
    );
    assert.deepEqual([preview.width, preview.height, preview.cropped], [1000, 1600, true]);
  });

  it('answers bad input with a clear error', async () => {
    await assert.rejects(
      rig.connector.connector.services.screenshots.previewOf('data:text/plain;base64,aGk=', PREVIEW_LIMITS),
      /must be a PNG or JPEG data URL/,
    );
    await assert.rejects(
      rig.connector.connector.services.screenshots.previewOf('data:image/png;base64,AAAA', PREVIEW_LIMITS),
      /could not be decoded/,
    );
  });
});
