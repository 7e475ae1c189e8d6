import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { extensionIdFromSha256Hex, OUR_EXTENSION_ID } from '../../../../src/connector/trust/extensionIds';

describe('trust/extensionIds: our extension is pinned by the manifest key', () => {
  it('the committed public key gives the id the connector trusts', () => {
    const manifest = JSON.parse(
      readFileSync(resolve(__dirname, '../../../../browser-extension/static/manifest.json'), 'utf8'),
    ) as { key: string };
    const der = Buffer.from(manifest.key, 'base64');
    assert.equal(extensionIdFromSha256Hex(createHash('sha256').update(der).digest('hex')), OUR_EXTENSION_ID);
  });
});
