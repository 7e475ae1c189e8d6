import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { callerHeaders } from '../../support/callerSecret';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { connectFakeBrowser, consoleLog } from '../../support/connector';
import { request } from '../../support/http';
import { until } from '../../support/until';
import { OUR_EXTENSION_ID } from '../../../src/connector/trust/extensionIds';
import { call, feed, httpClient, sseClient, startMcpConnector, textOf, type McpTestConnector } from '../../support/mcp';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** Opens a GET SSE stream and resolves with its status and content type once the headers arrive. */
function openStream(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string | undefined; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...callerHeaders(), ...headers } },
      (res) => {
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('MCP transports on the connector', () => {
  let t: McpTestConnector;
  beforeEach(async () => (t = await startMcpConnector()));
  afterEach(() => t.stop());

  it('Streamable HTTP: a real client lists and calls tools on captures fed through /extension-ws', async () => {
    const browser = await connectFakeBrowser(t.port);
    await feed(t.connector, browser, [consoleLog('over http', { level: 'warn' })]);
    const { client, transport } = await httpClient(t.port);
    assert.match(transport.sessionId ?? '', /^[0-9a-f-]{36}$/, 'a session id');
    assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'get_console_logs'));
    assert.match(textOf(await call(client, 'get_console_logs')), /#1 \S+ warn over http/);
    assert.equal(t.mount.sessionCount(), 1);
    await transport.terminateSession();
    await client.close();
    assert.equal(t.mount.sessionCount(), 0, 'DELETE ends the session');
    await browser.close();
  });

  it('Streamable HTTP: each session has its own digest period', async () => {
    const browser = await connectFakeBrowser(t.port);
    const a = await httpClient(t.port);
    const b = await httpClient(t.port);
    await feed(t.connector, browser, [consoleLog('broken', { level: 'error' })]);
    assert.match(textOf(await call(a.client, 'get_selected_element')), /New since your previous call: 1 console error/);
    assert.doesNotMatch(textOf(await call(a.client, 'get_selected_element')), /New since/);
    assert.match(textOf(await call(b.client, 'get_selected_element')), /New since your previous call: 1 console error/);
    await Promise.all([a.client.close(), b.client.close(), browser.close()]);
  });

  it('Streamable HTTP: GET opens the session stream, DELETE closes the session, unknown sessions are 404', async () => {
    const init = await request(t.port, 'POST', '/mcp', { headers: MCP_HEADERS, body: INITIALIZE });
    assert.equal(init.status, 200);
    // Answers come on an SSE stream per request (so long calls can send progress first).
    assert.match(String(init.headers['content-type']), /text\/event-stream/);
    const answer = JSON.parse(/^data: (.*)$/m.exec(init.text)![1]!) as { result: { serverInfo: { name: string } } };
    assert.equal(answer.result.serverInfo.name, 'browser-debug');
    const session = String(init.headers['mcp-session-id']);
    await request(t.port, 'POST', '/mcp', {
      headers: { ...MCP_HEADERS, 'mcp-session-id': session },
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    const stream = await openStream(t.port, '/mcp', { 'mcp-session-id': session });
    assert.equal(stream.status, 200);
    assert.match(stream.type ?? '', /text\/event-stream/);
    stream.close();
    const deleted = await request(t.port, 'DELETE', '/mcp', { headers: { 'mcp-session-id': session } });
    assert.equal(deleted.status, 200);
    const after = await request(t.port, 'POST', '/mcp', {
      headers: { ...MCP_HEADERS, 'mcp-session-id': session },
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    });
    assert.equal(after.status, 404);
    assert.equal(after.json.error.code, -32001);
    assert.match(after.json.error.message, /Start a new session with initialize/);
    const noSession = await request(t.port, 'POST', '/mcp', {
      headers: MCP_HEADERS,
      body: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    });
    assert.equal(noSession.status, 400);
    assert.match(noSession.json.error.message, /initialize request first/);
    assert.equal((await request(t.port, 'GET', '/mcp', { headers: { accept: 'text/event-stream' } })).status, 400);
  });

  it('Streamable HTTP: closes sessions left idle and keeps the number of sessions bounded', async () => {
    const bounded = await startMcpConnector({}, { maxSessions: 2 });
    // Three sessions of one caller past a cap of two: that caller's oldest goes.
    const clients = [await httpClient(bounded.port), await httpClient(bounded.port), await httpClient(bounded.port)];
    assert.equal(bounded.mount.sessionCount(), 2, 'the least recently active session was closed');
    assert.ok((await clients[2]!.client.listTools()).tools.length > 0);
    await Promise.all(clients.map(({ client }) => client.close()));
    await bounded.stop();
    // Idle long enough that a loaded machine still sees the session open first.
    const idle = await startMcpConnector({}, { idleMs: 1500 });
    const left = await httpClient(idle.port);
    assert.equal(idle.mount.sessionCount(), 1);
    const started = Date.now();
    while (idle.mount.sessionCount() > 0 && Date.now() - started < 15_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(idle.mount.sessionCount(), 0, 'an idle session is closed');
    await assert.rejects(left.client.listTools(), /Session not found/, 'its client is told to start a new one');
    await left.client.close();
    await idle.stop();
  });

  it('legacy SSE: a real client lists and calls tools; unknown sessions are refused', async () => {
    const browser = await connectFakeBrowser(t.port);
    await feed(t.connector, browser, [consoleLog('over sse')]);
    const client = await sseClient(t.port);
    assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'screenshot_capture'));
    assert.match(textOf(await call(client, 'get_console_logs')), /#1 \S+ log over sse/);
    assert.equal(t.mount.sessionCount(), 1);
    await client.close();
    const refused = await request(t.port, 'POST', '/messages?sessionId=nope', {
      headers: MCP_HEADERS,
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    assert.equal(refused.status, 404);
    assert.match(refused.json.error.message, /open GET \/sse first/);
    await browser.close();
  });

  it('applies the Host and Origin rules to /mcp, /sse and /messages', async () => {
    for (const [method, path] of [
      ['POST', '/mcp'],
      ['GET', '/mcp'],
      ['GET', '/sse'],
      ['POST', '/messages?sessionId=x'],
      ['DELETE', '/mcp'],
    ] as const) {
      const body = method === 'POST' ? INITIALIZE : undefined;
      const evilOrigin = await request(t.port, method, path, {
        headers: { ...MCP_HEADERS, origin: 'http://localhost:5173' },
        body,
      });
      assert.equal(evilOrigin.status, 403, `${method} ${path} from a web page`);
      assert.equal(evilOrigin.json.error.code, 'FORBIDDEN');
      const rebinding = await request(t.port, method, path, {
        headers: { ...MCP_HEADERS, host: `evil.example:${t.port}` },
        body,
      });
      assert.equal(rebinding.status, 403, `${method} ${path} with a foreign Host`);
    }
    // No scheme is trusted as such: VS Code webviews and other extensions are refused like pages.
    for (const origin of ['vscode-webview://abc', 'vscode-file://vscode-app', `chrome-extension://${'a'.repeat(32)}`]) {
      const refused = await request(t.port, 'POST', '/mcp', { headers: { ...MCP_HEADERS, origin }, body: INITIALIZE });
      assert.equal(refused.status, 403, origin);
    }
    const ours = `chrome-extension://${OUR_EXTENSION_ID}`;
    const trusted = await request(t.port, 'POST', '/mcp', {
      headers: { ...MCP_HEADERS, origin: ours },
      body: INITIALIZE,
    });
    assert.equal(trusted.status, 200);
    assert.equal(trusted.headers['access-control-allow-origin'], ours);
    assert.equal(trusted.headers['access-control-expose-headers'], 'Mcp-Session-Id');
  });

  it('GET /sse from a page (no-cors, no Origin) opens no session; from a tool it does', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const page = await openStream(t.port, '/sse', { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' });
      assert.equal(page.status, 403, site);
      page.close();
    }
    const page = await openStream(t.port, '/sse', { origin: 'http://localhost:5173' });
    assert.equal(page.status, 403);
    page.close();
    assert.equal(t.mount.sessionCount(), 0);
    const tool = await openStream(t.port, '/sse', {});
    assert.equal(tool.status, 200);
    await until(() => t.mount.sessionCount() === 1);
    tool.close();
  });

  it("100 initialize calls from one caller close only that caller's sessions, never another's", async () => {
    const bounded = await startMcpConnector({}, { maxSessionsPerCaller: 4, maxSessions: 50 });
    const real = await httpClient(bounded.port);
    const flood = { ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'flood', version: '1' } } };
    for (let i = 0; i < 100; i++) {
      const init = await request(bounded.port, 'POST', '/mcp', { headers: MCP_HEADERS, body: flood });
      assert.equal(init.status, 200);
    }
    assert.equal(bounded.mount.sessionCount(), 5, "the flood keeps 4 sessions; the real client's is still open");
    assert.ok((await real.client.listTools()).tools.length > 0, 'the real client still works');
    await real.client.close();
    await bounded.stop();
  });
});
