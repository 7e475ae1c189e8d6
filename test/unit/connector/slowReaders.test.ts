import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { callerHeaders } from '../../support/callerSecret';
import { consoleLog, connectFakeBrowser } from '../../support/connector';
import { request } from '../../support/http';
import { freePortRun } from '../../support/ports';
import { kill9, rssBytes, spawnCli, type SpawnedHost } from '../../support/spawnedConnector';
import { until } from '../../support/until';
import { TestSocket } from '../../support/wsClient';

/**
 * A reader that completes the WebSocket handshake on `/ws?since=0` and then never reads again: its
 * TCP window closes and everything the connector sends it piles up on the connector's side.
 */
function stalledReader(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write(
        [
          'GET /ws?since=0 HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          ...Object.entries(callerHeaders()).map(([name, value]) => `${name}: ${value}`),
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      ),
    );
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]));
      socket.pause(); // never reads again
      resolve(socket);
    };
    socket.on('data', onData);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('slow readers: /ws replays in drained chunks', function () {
  this.timeout(120_000);
  let host: SpawnedHost;
  let port: number;
  const stalled: Socket[] = [];

  before(async () => {
    port = await freePortRun(1);
    host = spawnCli(port, ['--journal', 'off']);
    await host.port;
    // About 20 MB of captures (the console byte cap): a full replay of it is far more than a
    // socket buffers, so a reader that stops reading holds the replay on the connector's side.
    const browser = await connectFakeBrowser(port, undefined, 'slow-readers');
    const filler = 'x'.repeat(1500);
    for (let seq = 1; seq <= 20; seq++) {
      browser.send({
        type: 'batch',
        batchSeq: seq,
        events: Array.from({ length: 1000 }, (_, i) => consoleLog(`entry ${seq}.${i} ${filler}`)),
      });
      await browser.next((frame) => frame.type === 'ack' && frame.batchSeq === seq, 20_000);
    }
    await browser.close();
  });
  after(async () => {
    for (const socket of stalled.splice(0)) socket.destroy();
    await kill9(host);
  });

  it('/health stays responsive (p99 measured) while 5 stalled readers join, and while captures keep coming', async () => {
    const pid = host.child.pid!;
    const rssBefore = rssBytes(pid);
    const browser = await connectFakeBrowser(port, undefined, 'live');
    let seq = 0;
    const feeding = setInterval(
      () => browser.send({ type: 'batch', batchSeq: ++seq, events: [consoleLog(`live ${seq}`)] }),
      20,
    );
    const timings: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const started = process.hrtime.bigint();
        const { status } = await request(port, 'GET', '/health');
        timings.push(Number(process.hrtime.bigint() - started) / 1e6);
        assert.equal(status, 200);
      }
    })();
    try {
      // The readers join while /health is being measured: each join starts a replay of the whole store.
      for (let i = 0; i < 5; i++) {
        stalled.push(await stalledReader(port));
        const seen = timings.length;
        await until(() => timings.length >= seen + 20, 20_000, 'samples after a reader joined');
      }
      await until(() => timings.length >= 300, 30_000, '300 samples');
    } finally {
      sampling = false;
      await sampler;
      clearInterval(feeding);
      await browser.close();
    }
    const p99 = percentile(timings, 99);
    const p50 = percentile(timings, 50);
    const growth = (rssBytes(pid) - rssBefore) / (1024 * 1024);
    console.log(
      `      /health with 5 stalled readers: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms (${timings.length} requests); connector RSS +${growth.toFixed(0)} MB`,
    );
    assert.ok(growth < 100, `RSS grew by ${growth.toFixed(0)} MB with 5 stalled readers`);
  });

  it('a reader that keeps reading gets the whole store, in seq order, then live entries; a second subscribe is refused', async () => {
    const client = await TestSocket.open(`ws://127.0.0.1:${port}/ws?since=0`);
    const complete = await client.ofType('replay-complete', 60_000);
    const seqs = client.frames.filter((frame) => frame.type === 'console-log').map((frame) => Number(frame.seq));
    assert.ok(seqs.length > 10_000, `replayed ${seqs.length}`); // the byte cap keeps about 11,600 of them
    assert.ok(
      seqs.every((value, i) => i === 0 || value > seqs[i - 1]!),
      'in seq order, no duplicates',
    );
    assert.equal(seqs[seqs.length - 1], complete.lastSeq);
    client.send({ type: 'subscribe', since: 0 });
    const refused = await client.next((frame) => frame.type === 'error' && frame.code === 'ALREADY_REPLAYED');
    assert.match(String(refused.message), /new \/ws\?since=/);
    const browser = await connectFakeBrowser(port, undefined, 'after');
    browser.send({ type: 'batch', batchSeq: 1, events: [consoleLog('after the replay')] });
    await client.next((frame) => frame.type === 'console-log' && frame.message === 'after the replay');
    await browser.close();
    await client.close();
  });
});
