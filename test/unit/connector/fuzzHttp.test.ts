import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  anyJson,
  assertErrorEnvelope,
  assertSentinelsKept,
  captureLike,
  FUZZ_PARAMS,
  hostileString,
  seedSentinels,
} from '../../support/fuzz';
import { request } from '../../support/http';
import { startMcpConnector, type McpTestConnector } from '../../support/mcp';

/** Every route but the ones that wipe on purpose or wait for a browser or Chrome (audits, traces, screenshots). */
const ROUTES = [
  'GET /current-url',
  'POST /current-url',
  'GET /selected-element',
  'GET /network-success',
  'GET /network-errors',
  'GET /all-xhr',
  'GET /network-requests',
  'GET /console-logs',
  'GET /console-errors',
  'POST /extension-log',
  'POST /recordings',
  'GET /recordings',
  'POST /recordings/import',
  'GET /recordings/:id',
  'DELETE /recordings/:id',
  'POST /recordings/:id/stop',
  'POST /recordings/:id/replay',
  'GET /performance-traces',
  'GET /web-vitals',
  'GET /.identity',
  'GET /.port',
  'GET /health',
  'PUT /console-logs',
  'GET /no-such-route',
];
const QUERY_KEYS = ['limit', 'level', 'since', 'format', 'search', 'url', 'status', 'method', 'tabId', 'pageLoadId'];

const httpInput = fc.record({
  route: fc.constantFrom(...ROUTES),
  prefix: fc.constantFrom('', '/api', '/api/v1'),
  id: hostileString,
  query: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileString), hostileString, { maxKeys: 4 }),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  ),
  body: fc.oneof(
    anyJson.map((value) => JSON.stringify(value)),
    fc.record({ type: fc.constant('console-log'), data: captureLike }).map((value) => JSON.stringify(value)),
    captureLike.map((value) => JSON.stringify(value)),
    hostileString,
    fc.constantFrom('{"type":', '[', '{"a":1}}', ''),
  ),
});

describe('fuzz: HTTP API (fast-check, real HTTP against a real connector)', function () {
  this.timeout(120_000);
  let t: McpTestConnector;
  let dir: string;
  let sentinels: string[];
  const seen = { tried: 0, refused: 0 };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bd-fuzz-http-'));
    t = await startMcpConnector({ recordings: { dir }, commandTimeoutMs: 500 });
    sentinels = await seedSentinels(t);
  });
  after(async () => {
    console.log(`      HTTP: ${seen.tried} requests tried, ${seen.refused} refused with an error envelope`);
    await t?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('no request gets a 500; every refusal is an error envelope; nothing stored is lost', async () => {
    await fc.assert(
      fc.asyncProperty(httpInput, async (input) => {
        const [method, template] = input.route.split(' ') as [string, string];
        const query = new URLSearchParams(input.query).toString();
        const path = `${input.prefix}${template.replace(':id', encodeURIComponent(input.id))}${query ? `?${query}` : ''}`;
        const headers: Record<string, string> = input.contentType ? { 'content-type': input.contentType } : {};
        const withBody = method === 'POST' || method === 'PUT';
        const answer = await request(t.port, method, path, withBody ? { headers, rawBody: input.body } : {});
        seen.tried++;
        // 502 BROWSER_NOT_CONNECTED is the spec's answer when no browser is there; 500 would be a crash.
        const what = `${method} ${path.slice(0, 200)}: ${answer.status} ${answer.text.slice(0, 300)}`;
        assert.ok(answer.status >= 200 && answer.status !== 500 && answer.status < 600, what);
        if (answer.status >= 400) {
          seen.refused++;
          assertErrorEnvelope(answer.json, what);
        }
      }),
      { ...FUZZ_PARAMS, numRuns: 1200 },
    );
    await assertSentinelsKept(t, sentinels);
  });
});
