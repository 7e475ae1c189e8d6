import assert from 'node:assert/strict';
import { EntryLocator } from '../../../src/connector/sourceMaps/entryLocator';
import { SourceMapper } from '../../../src/connector/sourceMaps/sourceMapper';
import type { StackFrame } from '../../../src/shared/protocol';
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

  it("maps a frame's or worker's capture (filed with no page URL) for the page its context names, as the top page's", async () => {
    // The mapper's page decides what it may fetch (trust/fetchTargets): record which page each call names.
    const pages: (string | undefined)[] = [];
    const mapper = {
      mapFrame: (frame: StackFrame, _bundles: readonly string[], page?: string) => (pages.push(page), frame),
      mapFrames: (frames: readonly StackFrame[], _bundles: readonly string[], page?: string) => (
        pages.push(page),
        [...frames]
      ),
    } as unknown as SourceMapper;
    const locator = new EntryLocator(mapper);
    const frames = (url: string) => [{ url, line: 3, column: 9 }];
    await locator.locate({
      frames: frames('http://pay.example/a.js'),
      context: { kind: 'frame', url: 'http://pay.example/form.html' },
    } as never);
    await locator.locate({ frames: frames('http://app.example/b.js'), url: 'http://app.example/' } as never);
    await locator.locate({
      frames: frames('http://app.example/w.js'),
      context: { kind: 'worker', url: 'http://app.example/w.js' },
    } as never);
    assert.deepEqual(pages, ['http://pay.example/form.html', 'http://app.example/', 'http://app.example/w.js']);
  });
});
