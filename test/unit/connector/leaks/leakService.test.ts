import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post } from '../../../support/http';
import { call, inMemoryClient, startMcpConnector, textOf, type McpTestConnector } from '../../../support/mcp';

describe('find_leaks without a browser', () => {
  let connector: McpTestConnector;
  let dir = '';
  let id = '';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bd-leaks-unit-'));
    connector = await startMcpConnector({ recordings: { dir } });
    const flow = {
      title: 'panel',
      steps: [
        { type: 'navigate', url: 'http://127.0.0.1:1/' },
        { type: 'click', selectors: [['#open']], offsetX: 1, offsetY: 1 },
      ],
    };
    id = (await post(connector.port, '/recordings/import', { flow })).json.id;
  });
  after(async () => {
    await connector?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says to connect the browser, over HTTP (both envelopes) and as an isError answer', async () => {
    const plain = await post(connector.port, `/recordings/${id}/leaks`, {});
    assert.equal(plain.status, 502, plain.text);
    assert.equal(plain.json.error.code, 'BROWSER_NOT_CONNECTED');
    const versioned = await post(connector.port, `/api/v1/recordings/${id}/leaks`, { iterations: 3 });
    assert.equal(versioned.status, 502, versioned.text);
    assert.match(versioned.text, /BROWSER_NOT_CONNECTED/);
    const client = await inMemoryClient(connector.connector);
    const answer = await call(client, 'find_leaks', { id });
    assert.ok(answer.isError);
    assert.match(textOf(answer), /browser/i);
    await client.close();
  });

  it('refuses a body that is not {iterations, keep}', async () => {
    const bad = await post(connector.port, `/recordings/${id}/leaks`, { iterations: '5', extra: 1 });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.json.error.message, /Send \{"iterations": 3\.\.20\}/);
  });
});
