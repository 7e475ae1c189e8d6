import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mapInspection } from '../../../../src/connector/inspection/mapInspection';
import { SourceMapper } from '../../../../src/connector/sourceMaps/sourceMapper';
import type { ElementInspection, RuleLocation } from '../../../../src/shared/inspection';

/** A map of a one-line sheet whose line 1 comes from `src/theme.scss` line `line` (mappings as VLQ). */
const mapTo = (mappings: string) =>
  JSON.stringify({ version: 3, sources: ['src/theme.scss'], names: [], mappings, file: 'app.css' });
const LINE_10 = 'AASA';
const LINE_20 = 'AAmBA';

describe('mapInspection: stylesheet source maps', () => {
  let server: Server;
  let origin: string;
  let served: string;
  let hits: number;
  /** Component frames are not mapped in these cases; the mapper keeps the sheets' maps. */
  let mapper: SourceMapper;

  before(async () => {
    server = createServer((request, response) => {
      if (request.url !== '/app.css.map') return void response.writeHead(404).end();
      hits++;
      response.writeHead(200, { 'content-type': 'application/json' }).end(served);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  beforeEach(() => {
    hits = 0;
    mapper = new SourceMapper();
    served = mapTo(LINE_10);
  });

  const inspection = (location: Partial<RuleLocation>): ElementInspection =>
    ({
      tabId: 1,
      url: `${origin}/`,
      tag: 'button',
      selector: 'button',
      visible: true,
      hiddenReasons: [],
      computed: [],
      rules: [
        ...['.a', '.b'].map((selector) => ({
          selector,
          origin: 'regular',
          declarations: [],
          location: { sheetUrl: `${origin}/app.css`, sourceMapUrl: 'app.css.map', line: 1, column: 1, ...location },
        })),
      ],
      userAgentRules: 0,
      components: { framework: 'none', components: [] },
    }) as unknown as ElementInspection;
  const lines = async (location: Partial<RuleLocation>, using = mapper) =>
    (await mapInspection(inspection(location), using)).rules.map(
      (rule) => `${rule.location?.original?.source}:${rule.location?.original?.line}`,
    );

  it('reads a sheet revision’s map once for all its rules and later inspections, and again for a new revision', async () => {
    assert.deepEqual(await lines({ sheetRevision: '7.1#0' }), ['src/theme.scss:10', 'src/theme.scss:10']);
    assert.deepEqual(await lines({ sheetRevision: '7.1#0' }), ['src/theme.scss:10', 'src/theme.scss:10']);
    assert.equal(hits, 1);
    // The sheet's text changed in the page (CSS.styleSheetChanged): its new map is read, not the kept one.
    served = mapTo(LINE_20);
    assert.deepEqual(await lines({ sheetRevision: '7.1#1' }), ['src/theme.scss:20', 'src/theme.scss:20']);
    assert.equal(hits, 2);
  });

  it('keeps sheet maps in the SourceMapper’s one cache, within its size with the scripts’ maps', async () => {
    const small = new SourceMapper({ maxScripts: 1 });
    await lines({ sheetRevision: '9.1#0' }, small);
    await lines({ sheetRevision: '9.1#0' }, small);
    assert.equal(hits, 1);
    await lines({ sheetRevision: '9.2#0' }, small);
    await lines({ sheetRevision: '9.1#0' }, small);
    assert.equal(hits, 3, 'the second sheet pushed the first out');
    await lines({ sheetRevision: '9.1#0' });
    assert.equal(hits, 4, 'another connector’s mapper has its own');
  });

  it('reads the map every time when the browser sent no revision, and does not keep a failed read', async () => {
    await lines({});
    await lines({});
    assert.equal(hits, 4);
    served = 'not json';
    assert.deepEqual(await lines({ sheetRevision: '8.1#0' }), ['undefined:undefined', 'undefined:undefined']);
    served = mapTo(LINE_20);
    assert.deepEqual(await lines({ sheetRevision: '8.1#0' }), ['src/theme.scss:20', 'src/theme.scss:20']);
  });
});
