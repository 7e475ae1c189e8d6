import assert from 'node:assert/strict';
import { isSafeText, safeLine, safeText } from '../../../src/shared/safeText';
import { connectFakeBrowser, consoleLog, networkRequest, until } from '../../support/connector';
import { request } from '../../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../../support/mcp';

/** What a hostile page logs: a screen clear, colours, a one-byte CSI, a bidi override, a carriage return, a NUL. */
const HOSTILE = 'ok\u001b[2J\u001b[31mred\u009b0m \u202eevil\u202c\rhidden\u0000 \u2066iso\u2069';
// eslint-disable-next-line no-control-regex -- finding raw control characters is the test
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('control and bidi characters in text answers', () => {
  it('safeText makes every control and bidi character visible, keeping \\n and \\t; safeLine also those', () => {
    const out = safeText(`${HOSTILE}\nnext\tcol`);
    assert.doesNotMatch(out, RAW);
    assert.match(out, /ok\\u\{001b\}\[2J/);
    assert.match(out, /\\u\{202e\}evil/);
    assert.match(out, /\\r/);
    assert.match(out, /\nnext\tcol$/);
    assert.equal(safeLine('a\nb\tc'), 'a\\nb\\tc');
    assert.ok(isSafeText('plain text, émojis 🎉 and ünïcode'));
    assert.equal(safeText('plain text, émojis 🎉'), 'plain text, émojis 🎉');
  });

  describe('over HTTP and MCP', () => {
    let t: McpTestConnector;
    before(async () => {
      t = await startMcpConnector();
      const browser = await connectFakeBrowser(t.port);
      browser.send({
        type: 'batch',
        events: [consoleLog(HOSTILE, { level: 'error' }), networkRequest(`http://app.test/${HOSTILE}`, 500)],
      });
      await until(() => t.connector.services.store.lastSeq >= 2);
      await browser.close();
    });
    after(() => t.stop());

    it('format=text answers carry no raw control or bidi character', async () => {
      for (const path of ['/console-logs?format=text', '/api/v1/console-logs?format=text']) {
        const { text, status } = await request(t.port, 'GET', path);
        assert.equal(status, 200);
        assert.doesNotMatch(text, RAW, path);
        assert.match(text, /\\u\{202e\}evil/);
      }
    });

    it('MCP list answers carry none either (real SDK client over Streamable HTTP)', async () => {
      const { client } = await httpClient(t.port);
      for (const [tool, args] of [
        ['get_console_logs', {}],
        ['get_console_logs', { level: 'error' }],
        ['get_network_requests', {}],
      ] as const) {
        const text = textOf(await call(client, tool, args));
        assert.doesNotMatch(text, RAW, tool);
        assert.match(text, /\\u\{001b\}/, `${tool}: ${text.slice(0, 300)}`);
      }
      await client.close();
    });
  });
});
