import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { until } from '../../support/until';
import {
  call,
  inMemoryClient,
  scriptedBrowser,
  startMcpConnector,
  textOf,
  type McpTestConnector,
} from '../../support/mcp';

describe('MCP action tools (browser stand-in)', () => {
  let t: McpTestConnector;
  let client: Client;
  beforeEach(async () => {
    t = await startMcpConnector({ commandTimeoutMs: 2000 });
    client = await inMemoryClient(t.connector);
  });
  afterEach(async () => {
    await client.close();
    await t.stop();
  });

  it('answers isError with how to connect when no browser is connected, and keeps working', async () => {
    for (const [name, args] of [
      ['take_snapshot', {}],
      ['click', { ref: 'e1' }],
      ['fill', { ref: 'e2', value: 'x' }],
    ] as const) {
      const result = await call(client, name, args);
      assert.equal(result.isError, true, name);
      assert.match(textOf(result), /No browser is connected\. Install the Browser Debug extension/);
    }
    const bad = await call(client, 'press_key', {});
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /Invalid arguments for press_key: 'key'/);
  });

  it('reports what followed from the store: errors and failed requests of the acted tab only, a dialog, the diff', async () => {
    const browser: Awaited<ReturnType<typeof scriptedBrowser>> = await scriptedBrowser(t.port, {
      commands: {
        act: (args) => {
          assert.deepEqual([args.action, args.ref], ['click', 'e7']);
          // What the page produced while the click ran, delivered before the reply as the extension does.
          browser.send({
            type: 'batch',
            events: [
              {
                type: 'console-error',
                message: 'Uncaught TypeError: x is undefined',
                errorKind: 'uncaught',
                source: 'http://localhost:5173/src/cart.ts:3:9',
                tabId: 7,
                timestamp: Date.now(),
              },
              { type: 'console-error', message: 'from another tab', tabId: 8, timestamp: Date.now() },
              {
                type: 'network-request',
                method: 'POST',
                url: 'http://localhost:5173/api/order',
                status: 500,
                tabId: 7,
                timestamp: Date.now(),
              },
            ],
          });
          return {
            tabId: 7,
            url: 'http://localhost:5173/',
            navigated: false,
            busy: false,
            settledMs: 80,
            failedRequests: [{ method: 'POST', url: 'http://localhost:5173/api/order', status: 500 }],
            dialog: { type: 'alert', message: 'Saved?' },
            diff: { added: ['e9 status: "Saved"'], removed: [], more: 0 },
          };
        },
      },
    });
    await until(() => t.connector.services.bridge.connected, 5000, 'the stand-in browser is connected');
    const result = await call(client, 'click', { ref: 'e7' });
    const text = textOf(result);
    assert.equal(result.isError, undefined, text);
    assert.match(text, /^Clicked e7\. What followed/);
    assert.match(text, /- An alert dialog opened: "Saved\?"\. Answer it with handle_dialog\./);
    assert.match(text, /- Error #\d+: Uncaught TypeError: x is undefined \(\/src\/cart\.ts:3:9\)/);
    const [followed, digest] = text.split('\n\nNew since your previous call');
    assert.doesNotMatch(followed!, /another tab/, "what followed is the acted tab's");
    assert.match(
      digest!,
      /^: 1 console error \(#\d+\) besides those listed above\./,
      'the digest still tells of the other tab, by id',
    );
    assert.doesNotMatch(digest!, /another tab/, 'the digest holds no page text');
    assert.match(text, /- Failed request #\d+: POST http:\/\/localhost:5173\/api\/order → 500/);
    assert.equal(
      text.match(/api\/order/g)!.length,
      1,
      'the store entry and the browser report are one request, and the digest does not repeat it',
    );
    assert.match(text, /\+ e9 status: "Saved"/);
  });
});
