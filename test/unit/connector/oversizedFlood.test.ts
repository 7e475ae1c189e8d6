import assert from 'node:assert/strict';
import { consoleLog, connectFakeBrowser, networkRequest } from '../../support/connector';
import { request } from '../../support/http';
import { freePortRun } from '../../support/ports';
import { kill9, rssBytes, spawnCli, type SpawnedHost } from '../../support/spawnedConnector';
import type { TestSocket } from '../../support/wsClient';

const MB = 1024 * 1024;

/** One frame of the flood: every way a page (or a forged browser) can make a field too long. */
function hostileBatch(round: number, seq: number): { frame: unknown; events: number } {
  const big = (n: number) => String.fromCharCode(97 + (round % 26)).repeat(n);
  const events = [
    networkRequest('http://app.test/a', 200, { method: big(2 * MB) }), // refused: method ≤ 64
    consoleLog(big(MB + 1)), // refused: text ≤ 1 MiB
    consoleLog(big(MB - 1)), // kept, cut to maxFieldChars
    networkRequest(`http://app.test/${big(900_000)}`, 200, {
      requestHeaders: { [big(300_000)]: big(900_000) }, // refused: key ≤ 256
    }),
    networkRequest('http://app.test/b', 200, { responseBody: big(1_000_000), statusText: big(1000) }), // kept, cut
    { type: 'console-log', level: big(MB), message: 'x', timestamp: Date.now() }, // refused: level enum
  ];
  return { frame: { type: 'batch', batchSeq: seq, events }, events: events.length };
}

describe('oversized-field flood: RSS stays bounded', function () {
  this.timeout(180_000);
  let host: SpawnedHost;
  let port: number;
  let browser: TestSocket;

  before(async () => {
    port = await freePortRun(1);
    host = spawnCli(port, ['--journal', 'off']);
    await host.port;
    browser = await connectFakeBrowser(port, undefined, 'flood');
  });
  after(async () => {
    await browser?.close();
    await kill9(host);
  });

  it('refuses every over-long field with a clear error, cuts the rest, and RSS grows by a bounded amount', async () => {
    const pid = host.child.pid!;
    const before = rssBytes(pid);
    let peak = before;
    let sent = 0;
    const rounds = 30;
    for (let round = 1; round <= rounds; round++) {
      const { frame } = hostileBatch(round, round);
      const text = JSON.stringify(frame);
      sent += text.length;
      browser.send(text);
      await browser.next((f) => f.type === 'ack' && f.batchSeq === round, 30_000);
      peak = Math.max(peak, rssBytes(pid));
    }
    // A frame over the capture cap is refused whole, before any of it is stored.
    browser.send(JSON.stringify({ type: 'batch', batchSeq: rounds + 1, events: [consoleLog('y'.repeat(9 * MB))] }));
    const tooLarge = await browser.next((f) => f.type === 'error' && f.code === 'FRAME_TOO_LARGE', 30_000);
    assert.match(String(tooLarge.message), /at most 8388608 bytes/);
    peak = Math.max(peak, rssBytes(pid));
    const errors = browser.frames.filter((f) => f.type === 'error' && f.code === 'INVALID_FRAME');
    assert.equal(errors.length, rounds * 4, 'four refused events per round, each with its own error');
    assert.ok(
      errors.some((f) => /'method' .*64/.test(String(f.message))),
      String(errors[0]?.message),
    );
    assert.ok(errors.some((f) => /'message' .*1048576/.test(String(f.message))));

    const { json, status } = await request(port, 'GET', '/api/console-logs?limit=5');
    assert.equal(status, 200);
    const stored = json.data.logs[0].message as string;
    assert.ok(stored.length < 40_000 && stored.includes('…[truncated'), `stored ${stored.length} chars`);
    const health = await request(port, 'GET', '/health');
    assert.equal(health.status, 200);

    const growth = peak - before;
    console.log(
      `      flood: ${(sent / MB).toFixed(0)} MB in ${rounds} frames; RSS ${(before / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB (+${(growth / MB).toFixed(0)} MB), after ${(rssBytes(pid) / MB).toFixed(0)} MB`,
    );
    // The store holds at most 66 MB of captures; the rest is one frame in flight and V8's slack.
    assert.ok(growth < 300 * MB, `RSS grew by ${(growth / MB).toFixed(0)} MB`);
  });
});
