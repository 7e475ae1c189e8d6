import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleLog, connectFakeBrowser } from '../../support/connector';
import { request } from '../../support/http';
import { freePortRun } from '../../support/ports';
import { kill9, spawnCli, spawnHost, type SpawnedHost } from '../../support/spawnedConnector';
import { until } from '../../support/until';
import { TestSocket } from '../../support/wsClient';

/** Every stored console message, read as a live client does: a `/ws?since=0` replay. */
async function storedMessages(port: number): Promise<Set<string>> {
  const client = await TestSocket.open(`ws://127.0.0.1:${port}/ws?since=0`);
  await client.ofType('replay-complete', 20_000);
  await client.close();
  return new Set(client.frames.filter((frame) => frame.type === 'console-log').map((frame) => String(frame.message)));
}

/**
 * Sends numbered batches as the browser extension does and returns the messages of every batch the
 * connector acked. The last ack is followed at once by `kill -9`: no timer got a chance to flush.
 */
async function ackedBatches(port: number, tag: string, batches: number, perBatch: number): Promise<string[]> {
  const browser = await connectFakeBrowser(port, undefined, `instance-${tag}`);
  const acked: string[] = [];
  for (let seq = 1; seq <= batches; seq++) {
    const events = Array.from({ length: perBatch }, (_, i) => consoleLog(`${tag} batch ${seq} event ${i}`));
    browser.send({ type: 'batch', batchSeq: seq, events });
    await browser.next((frame) => frame.type === 'ack' && frame.batchSeq === seq);
    acked.push(...events.map((event) => event.message));
  }
  return acked;
}

async function ackedPosts(port: number, tag: string, count: number): Promise<string[]> {
  const acked: string[] = [];
  for (let i = 0; i < count; i++) {
    const message = `${tag} post ${i}`;
    const { status } = await request(port, 'POST', '/extension-log', {
      body: { type: 'console-log', data: { message, level: 'log' } },
    });
    if (status === 200) acked.push(message);
  }
  return acked;
}

function missing(acked: string[], stored: Set<string>): string[] {
  return acked.filter((message) => !stored.has(message));
}

describe('durability: an acked capture survives kill -9', function () {
  this.timeout(60_000);
  let dir: string;
  const hosts: SpawnedHost[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-durable-'))));
  afterEach(async () => {
    for (const host of hosts.splice(0)) await kill9(host);
    rmSync(dir, { recursive: true, force: true });
  });

  it('standalone connector (npm start, src/cli.ts): every batch and POST acked before kill -9 is there after a restart', async () => {
    const journal = join(dir, 'journal.jsonl');
    const start = async () => {
      const port = await freePortRun(1);
      const host = spawnCli(port, ['--journal', journal, '--screenshot-dir', join(dir, 'shots')]);
      hosts.push(host);
      return { host, port: await host.port };
    };
    const first = await start();
    const acked = [
      ...(await ackedBatches(first.port, 'cli', 20, 50)),
      ...(await ackedPosts(first.port, 'cli', 20)),
      ...(await ackedBatches(first.port, 'cli-late', 1, 10)),
    ];
    await kill9(first.host);
    const second = await start();
    const stored = await storedMessages(second.port);
    assert.deepEqual(missing(acked, stored), [], 'every acked capture is back');
    assert.equal(acked.length, 20 * 50 + 20 + 10);
  });

  it('VS Code host path (the connectorRuntime module ConnectorSession loads, in a spawned Node process): acked = kept', async () => {
    const journal = join(dir, 'vscode-journal.jsonl');
    const start = async () => {
      const host = spawnHost(['test/support/journalHost.ts', journal, join(dir, 'shots')], (output) => {
        const match = /PORT (\d+)/.exec(output);
        return match ? Number(match[1]) : undefined;
      });
      hosts.push(host);
      return { host, port: await host.port };
    };
    const first = await start();
    const acked = [
      ...(await ackedBatches(first.port, 'vscode', 20, 50)),
      ...(await ackedPosts(first.port, 'vscode', 10)),
    ];
    await kill9(first.host);
    const second = await start();
    await until(async () => (await storedMessages(second.port)).size >= acked.length, 10_000, 'journal replayed');
    assert.deepEqual(missing(acked, await storedMessages(second.port)), []);
    // And again: what the second process stored after the replay survives a second kill.
    const more = await ackedBatches(second.port, 'vscode-2', 5, 20);
    await kill9(second.host);
    const third = await start();
    assert.deepEqual(missing([...acked, ...more], await storedMessages(third.port)), []);
  });
});
