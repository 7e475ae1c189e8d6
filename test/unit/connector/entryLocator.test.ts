import assert from 'node:assert/strict';
import { EntryLocator } from '../../../src/connector/sourceMaps/entryLocator';
import { SourceMapper } from '../../../src/connector/sourceMaps/sourceMapper';
import { buildBundle, FAILING_LINE, serveFiles } from '../../support/bundle';

describe('EntryLocator', () => {
  it('maps each location once, and tries again later when no map was reachable (a dev server still starting)', async () => {
    const bundle = await buildBundle('linked');
    const files: Record<string, string> = { '/assets/app.js': bundle.code };
    const { server, base, hits } = await serveFiles(files);
    try {
      const source = `${base}/assets/app.js:${bundle.line}:${bundle.column}`;
      const locator = new EntryLocator(new SourceMapper({ ttlMs: 0 }), { retryMs: 0 });
      const entry = { source };
      assert.equal((await locator.locate(entry)).at?.original, undefined, 'no map yet');
      files['/assets/app.js.map'] = bundle.map!;
      await locator.locateAll([entry, { source }]);
      assert.equal(locator.peek({ source })?.at?.original?.line, FAILING_LINE, 'mapped on the next try');
      const fetches = hits.length;
      await locator.locateAll([entry, { source }, { source }]);
      assert.equal(hits.length, fetches, 'a mapped location is not mapped again');
    } finally {
      server.close();
    }
  });
});
