import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SourceMapper } from '../../../src/connector/sourceMaps/sourceMapper';
import { framesOf, parseStack } from '../../../src/shared/stackFrames';
import { APP_SOURCE, buildBundle, FAILING_LINE, serveFiles } from '../../support/bundle';

describe('parseStack', () => {
  it('reads V8 and Firefox stack lines, 1-based, and skips lines that are not frames', () => {
    const v8 =
      'TypeError: x is undefined\n    at renderList (http://localhost:5173/assets/app.js:1:120)\n    at async http://localhost:5173/assets/app.js:2:5\n    at eval (eval at run (http://x/a.js:1:1), <anonymous>:1:1)';
    assert.deepEqual(parseStack(v8), [
      { url: 'http://localhost:5173/assets/app.js', line: 1, column: 120, functionName: 'renderList' },
      { url: 'http://localhost:5173/assets/app.js', line: 2, column: 5 },
    ]);
    assert.deepEqual(parseStack(['renderList@http://localhost:5173/app.js:3:9', '@http://localhost:5173/app.js:7:1']), [
      { url: 'http://localhost:5173/app.js', line: 3, column: 9, functionName: 'renderList' },
      { url: 'http://localhost:5173/app.js', line: 7, column: 1 },
    ]);
  });

  it('prefers the frames a capture carries over its stack text', () => {
    const frames = [{ url: 'http://a/x.js', line: 1, column: 2 }];
    assert.deepEqual(framesOf({ frames, stack: '    at f (http://b/y.js:9:9)' }), frames);
    assert.deepEqual(framesOf({ stack: '    at f (http://b/y.js:9:9)' }), [
      { url: 'http://b/y.js', line: 9, column: 9, functionName: 'f' },
    ]);
    assert.deepEqual(framesOf({}), []);
  });
});

describe('SourceMapper', () => {
  let server: Server;
  let base: string;
  let hits: string[];
  let linked: Awaited<ReturnType<typeof buildBundle>>;
  let inline: Awaited<ReturnType<typeof buildBundle>>;
  let bare: Awaited<ReturnType<typeof buildBundle>>;

  before(async () => {
    [linked, inline, bare] = await Promise.all([buildBundle('linked'), buildBundle('inline'), buildBundle('external')]);
    ({ server, base, hits } = await serveFiles({
      '/assets/app.js': linked.code,
      '/assets/app.js.map': linked.map!,
      '/inline/app.js': inline.code,
      '/beside/app.js': bare.code,
      '/beside/app.js.map': bare.map!,
      '/nomap/app.js': bare.code,
    }));
  });
  after(() => server.close());

  it('maps a frame through the sourceMappingURL comment over HTTP, with the original line of code', async () => {
    const mapped = await new SourceMapper().mapFrame({
      url: `${base}/assets/app.js`,
      line: linked.line,
      column: linked.column,
    });
    assert.ok(mapped.original, 'mapped');
    assert.match(mapped.original.source, /\/src\/app\.ts$/);
    assert.equal(mapped.original.line, FAILING_LINE);
    assert.equal(mapped.original.code, APP_SOURCE.split('\n')[FAILING_LINE - 1]);
    assert.equal(mapped.url, `${base}/assets/app.js`, 'the generated location is kept');
  });

  it('maps through an inline data: map, and through <script>.map when there is no comment', async () => {
    const mapper = new SourceMapper();
    const fromInline = await mapper.mapFrame({
      url: `${base}/inline/app.js`,
      line: inline.line,
      column: inline.column,
    });
    assert.equal(fromInline.original?.line, FAILING_LINE);
    const beside = await mapper.mapFrame({ url: `${base}/beside/app.js`, line: bare.line, column: bare.column });
    assert.equal(beside.original?.line, FAILING_LINE);
  });

  it('follows SourceMap and X-SourceMap headers, and ignores the query of a dev server URL', async () => {
    const maps: Record<string, string> = { '/maps/one.map': bare.map!, '/maps/two.map': bare.map! };
    const headerServer = createServer((req, res) => {
      const path = (req.url ?? '').replace(/\?.*$/, '');
      if (maps[path]) return res.writeHead(200, { 'content-type': 'application/json' }).end(maps[path]);
      const header =
        path === '/h/standard.js'
          ? { SourceMap: '/maps/one.map' }
          : path === '/h/legacy.js'
            ? { 'X-SourceMap': '/maps/two.map' }
            : undefined;
      if (!header) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript', ...header }).end(bare.code);
    });
    await new Promise<void>((resolve) => headerServer.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(headerServer.address() as AddressInfo).port}`;
    try {
      const mapper = new SourceMapper();
      for (const script of [`${origin}/h/standard.js?v=3f2a`, `${origin}/h/legacy.js?t=1700000000`]) {
        const mapped = await mapper.mapFrame({ url: script, line: bare.line, column: bare.column });
        assert.equal(mapped.original?.line, FAILING_LINE, script);
      }
    } finally {
      headerServer.close();
    }
  });

  it('reads the .map from disk for file: scripts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bd-map-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), linked.code);
    writeFileSync(join(dir, 'assets', 'app.js.map'), linked.map!);
    const frame = { url: pathToFileURL(join(dir, 'assets', 'app.js')).href, line: linked.line, column: linked.column };
    const mapped = await new SourceMapper({ fileRoots: () => [dir] }).mapFrame(frame);
    assert.equal(mapped.original?.line, FAILING_LINE);
    assert.match(mapped.original!.source, /^file:\/\/.*\/src\/app\.ts$/);
    const outside = await new SourceMapper({ fileRoots: () => [join(dir, 'elsewhere')] }).mapFrame(frame);
    assert.equal(outside.original, undefined, 'a file: script outside the file roots is not read');
    // A file: page URL (which the page hook could once name itself) never makes its folder, or /, a root.
    for (const page of [pathToFileURL(join(dir, 'assets', 'index.html')).href, 'file:///index.html']) {
      const beside = await new SourceMapper().mapFrame(frame, [], page);
      assert.equal(beside.original, undefined, `${page} adds no file root`);
    }
  });

  it("takes maps only from the script's own origin: another host, or a redirect to one, is never fetched", async () => {
    // A second loopback host stands in for another machine: it would answer if asked.
    const other = await serveFiles({ '/app.js.map': linked.map! }, '127.0.0.2');
    try {
      const otherBase = other.base;
      assert.equal((await fetch(`${otherBase}/app.js.map`)).status, 200);
      other.hits.length = 0;
      const pointing = linked.code.replace(/sourceMappingURL=\S+/, `sourceMappingURL=${otherBase}/app.js.map`);
      const redirect = createServer((req, res) => {
        if (req.url === '/app.js')
          return res.end(linked.code.replace(/sourceMappingURL=\S+/, 'sourceMappingURL=/jump.map'));
        res.writeHead(302, { location: `${otherBase}/app.js.map` }).end();
      });
      await new Promise<void>((done) => redirect.listen(0, '127.0.0.1', done));
      const page = await serveFiles({ '/app.js': pointing });
      try {
        const mapper = new SourceMapper();
        const redirectBase = `http://127.0.0.1:${(redirect.address() as AddressInfo).port}`;
        for (const url of [`${page.base}/app.js`, `${redirectBase}/app.js`]) {
          const mapped = await mapper.mapFrame({ url, line: linked.line, column: linked.column });
          assert.equal(mapped.original, undefined, url);
        }
        // A frame of a page on one host that names a script on another (a sourceURL) is not fetched either.
        const aimed = await mapper.mapFrame(
          { url: `${otherBase}/app.js.map`, line: 1, column: 1 },
          [],
          `${page.base}/`,
        );
        assert.equal(aimed.original, undefined);
        assert.deepEqual(other.hits, [], 'the other host was never asked');
      } finally {
        page.server.close();
        redirect.close();
      }
    } finally {
      other.server.close();
    }
  });

  it('leaves frames unmapped when no map is reachable, and caches that answer', async () => {
    const mapper = new SourceMapper();
    const frame = { url: `${base}/nomap/app.js`, line: 1, column: 5 };
    hits.length = 0;
    assert.equal((await mapper.mapFrame(frame)).original, undefined);
    assert.equal((await mapper.mapFrame(frame)).original, undefined);
    assert.deepEqual(
      hits,
      ['/nomap/app.js', '/nomap/app.js.map'],
      'one fetch of the script and one of <script>.map, then cached',
    );
    assert.equal(
      (await mapper.mapFrame({ url: 'chrome-extension://abc/x.js', line: 1, column: 1 })).original,
      undefined,
    );
    assert.equal(
      (await mapper.mapFrame({ url: 'http://127.0.0.1:1/gone.js', line: 1, column: 1 })).original,
      undefined,
    );
  });

  it('caches maps per script: several frames of one script cost one fetch of each file', async () => {
    const mapper = new SourceMapper();
    hits.length = 0;
    const frames = await mapper.mapFrames(
      [1, 2, 3].map(() => ({ url: `${base}/assets/app.js`, line: linked.line, column: linked.column })),
    );
    assert.ok(frames.every((frame) => frame.original?.line === FAILING_LINE));
    assert.deepEqual(hits, ['/assets/app.js', '/assets/app.js.map']);
  });
});
