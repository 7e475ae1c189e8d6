import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoredNetworkRequest } from '../../../../src/shared/protocol';
import { curlCommand } from '../../../../src/vscode/network/curlCommand';

function request(fields: Partial<StoredNetworkRequest>): StoredNetworkRequest {
  return {
    type: 'network-request',
    id: 'n1',
    seq: 1,
    pageLoadId: 'p1',
    timestamp: 0,
    method: 'GET',
    url: 'http://127.0.0.1/',
    ...fields,
  } as StoredNetworkRequest;
}

describe('curlCommand (httpsnippet)', () => {
  it('a POST with headers and a body with a quote: curl sends exactly what the page sent', async () => {
    const seen: { method?: string; shop?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, shop: req.headers['x-shop'] as string | undefined, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders?page=2&q=a%20b`;
    const command = curlCommand(
      request({
        method: 'POST',
        url,
        requestHeaders: { ':authority': 'x', 'content-type': 'application/json', 'x-shop': 'tea' },
        requestBody: `{"item":"it's tea"}`,
      }),
    );
    assert.doesNotMatch(command, /:authority/);
    // Async: the server answers in this process while curl runs.
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} --silent`]).finally(() => server.close());
    assert.equal(stdout, 'ok');
    assert.deepEqual(seen, [{ method: 'POST', shop: 'tea', body: `{"item":"it's tea"}` }]);
  });

  it('a plain GET is one line with its URL', () => {
    assert.equal(
      curlCommand(request({ url: 'http://127.0.0.1:9/a?b=1' })),
      "curl --request GET \\\n  --url 'http://127.0.0.1:9/a?b=1'",
    );
  });
});
