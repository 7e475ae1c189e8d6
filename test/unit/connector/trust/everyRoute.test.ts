import assert from 'node:assert/strict';
import { apiRoutes } from '../../../../src/connector/http/app';
import { get, post, request } from '../../../support/http';
import { startMcpConnector, type McpTestConnector } from '../../../support/mcp';

/** The MCP transports, mounted beside the API routes. */
const MCP_ROUTES = [
  { method: 'POST', path: '/mcp' },
  { method: 'GET', path: '/mcp' },
  { method: 'DELETE', path: '/mcp' },
  { method: 'GET', path: '/sse' },
  { method: 'POST', path: '/messages' },
] as const;

const HOSTILE: Record<string, Record<string, string>> = {
  'a page': { origin: 'http://localhost:5173' },
  'another extension': { origin: `chrome-extension://${'abcdefghijklmnop'.repeat(2)}` },
  // A page's no-cors request or form post: the browser sends no Origin on some, but always Sec-Fetch-Site.
  'a cross-site request without an Origin': { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
  'a rebound host name': { host: 'attacker.example' },
};

/**
 * Every route, today's and any added later, read from the same list the app serves: a route that forgets
 * the access check fails here by name.
 */
describe('trust: every route refuses pages, other extensions and foreign hosts', () => {
  let t: McpTestConnector;
  before(async () => (t = await startMcpConnector()));
  after(() => t.stop());

  it('answers 403 to each, in both envelopes, and changes nothing', async () => {
    const entry = { data: { type: 'console-log', level: 'log', message: 'kept', timestamp: Date.now() } };
    assert.equal((await post(t.port, '/extension-log', entry)).status, 200);
    const api = apiRoutes(t.connector.services);
    assert.ok(api.length > 30, `${api.length} routes`);
    const routes = [
      ...api.map((route) => ({ ...route, prefixes: ['', '/api/v1'] })),
      ...MCP_ROUTES.map((route) => ({ ...route, prefixes: [''] })),
    ];
    let tried = 0;
    for (const route of routes) {
      const path = route.path.replace(/:[a-z]+/gi, 'rec-000000000000');
      for (const prefix of route.prefixes)
        for (const [who, headers] of Object.entries(HOSTILE)) {
          const answer = await request(t.port, route.method, prefix + path, {
            headers: { ...headers, 'content-type': 'application/json' },
            body: route.method === 'GET' ? undefined : {},
          });
          // Discovery (who we are, nothing captured) is public to a browser without an Origin, by design.
          const discovery = route.path === '/.identity' && who === 'a cross-site request without an Origin';
          assert.equal(answer.status, discovery ? 200 : 403, `${route.method} ${prefix}${path} from ${who}`);
          tried++;
        }
    }
    const kept = (await get(t.port, '/console-logs')).json.logs as { message: string }[];
    assert.deepEqual(
      kept.map((stored) => stored.message),
      ['kept'],
      'nothing was wiped or added',
    );
    console.log(
      `      ${routes.length} routes, ${tried} hostile calls: every one refused but the public discovery path`,
    );
  });
});
