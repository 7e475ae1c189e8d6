import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SessionTunnel } from '../../src/tunnel/sessionTunnel';
import { bearer, issueToken, json, registerAccount, unique } from './helpers';
import { connect } from './sockets';

const log = (message: string) => ({
  type: 'console-log',
  level: 'log',
  message,
  timestamp: Date.now(),
  url: 'https://app.test/',
});
/** The tunnel's ledger writes to D1 through `write`: the test stalls it. */
type Internals = { ledger: { write: () => Promise<void> } };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A session whose connector has batch 1 acked and batch 2 accepted when the object restarts mid-write. */
async function restartMidWrite() {
  const account = await registerAccount();
  const { token } = await issueToken(account);
  const sessionId = unique('restart');
  const stub = env.TUNNEL.get(env.TUNNEL.idFromName(sessionId));
  const hello = { type: 'hello', protocolVersion: 1, client: 'test', instanceId: 'instance-1' };
  const connector = await connect(sessionId, bearer(token), '?role=connector');
  connector.send(hello);
  connector.send({ type: 'batch', batchSeq: 1, events: [log('one'), log('two')] });
  expect(await connector.ofType('ack')).toMatchObject({ batchSeq: 1, stored: 2 });
  // D1 stalls on the next write, so the object restarts with that write in flight.
  await runInDurableObject(stub, (tunnel: SessionTunnel) => {
    (tunnel as unknown as Internals).ledger.write = () => new Promise<void>(() => undefined);
  });
  connector.send({ type: 'batch', batchSeq: 2, events: [log('three'), log('four')] });
  // Accepted: the batch is in the object's storage (before the fix, only its number was).
  await until(
    () =>
      runInDurableObject(stub, async (_tunnel, state) => (await state.storage.list({ prefix: 'journal:' })).size > 0),
    'batch 2 journaled',
  );
  await runInDurableObject(stub, (_tunnel, state) => state.abort('restart in the test')).catch(() => undefined);
  connector.close();
  const messages = async () => {
    const body = await json(
      await account.call.fetch('/api/v1/console-logs', { headers: { ...bearer(token), 'X-Session-ID': sessionId } }),
    );
    return body.data.logs.map((entry: { message: string; seq: number }) => `${entry.seq} ${entry.message}`);
  };
  return { token, sessionId, hello, messages };
}

describe('tunnel: a Durable Object restart', () => {
  it('stores what a crashed object accepted even if its connector never calls again (the recovery alarm)', async () => {
    const { sessionId, messages } = await restartMidWrite();
    // A stub of the aborted instance stays broken; a new one reaches the restarted object.
    expect(await runDurableObjectAlarm(env.TUNNEL.get(env.TUNNEL.idFromName(sessionId)))).toBe(true);
    expect(await messages()).toEqual(['1 one', '2 two', '3 three', '4 four']);
  });

  it('loses nothing it accepted: a batch caught mid-write is stored once, and its re-send is acked as a duplicate', async () => {
    const { token, sessionId, hello, messages } = await restartMidWrite();
    // The connector reconnects, re-sends what was never acked, and goes on.
    const connector = await connect(sessionId, bearer(token), '?role=connector');
    connector.send(hello);
    connector.send({ type: 'batch', batchSeq: 2, events: [log('three'), log('four')] });
    connector.send({ type: 'batch', batchSeq: 3, events: [log('five')] });
    expect(await connector.next((frame) => frame.type === 'ack' && frame.batchSeq === 2)).toMatchObject({
      duplicate: true,
    });
    expect(await connector.next((frame) => frame.type === 'ack' && frame.batchSeq === 3)).toMatchObject({ stored: 1 });
    connector.close();
    expect(await messages()).toEqual(['1 one', '2 two', '3 three', '4 four', '5 five']);
  });
});
