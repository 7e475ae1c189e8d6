import { strict as assert } from 'node:assert';
import { DEFAULT_OUTBOX_LIMITS, Outbox, type OutboxLimits } from '../../../browser-extension/src/background/outbox';
import { OutboxStore, type SessionArea } from '../../../browser-extension/src/background/outboxStore';
import type { CaptureEvent } from '../../../src/shared/protocol';
import { until } from '../../support/until';

/** `chrome.storage.session` as it behaves: values go through JSON, and it outlives the service worker. */
class FakeSession implements SessionArea {
  readonly data = new Map<string, string>();
  failing = false;
  /** `set` calls: each is one storage call across the browser's UI thread. */
  sets = 0;
  async get(keys: string[] | null): Promise<Record<string, unknown>> {
    const wanted = keys ?? [...this.data.keys()];
    return Object.fromEntries(
      wanted.filter((key) => this.data.has(key)).map((key) => [key, JSON.parse(this.data.get(key)!)]),
    );
  }
  async set(items: Record<string, unknown>): Promise<void> {
    if (this.failing) throw new Error('Session storage quota bytes exceeded.');
    this.sets++;
    for (const [key, value] of Object.entries(items)) this.data.set(key, JSON.stringify(value));
  }
  async remove(keys: string[]): Promise<void> {
    for (const key of keys) this.data.delete(key);
  }
  get bytes(): number {
    let total = 0;
    for (const [key, value] of this.data) total += key.length + value.length;
    return total;
  }
}

/** The connector's side of delivery (src/connector/wire/wsHub.ts): store a batch unless seen, ack it. */
class FakeConnector {
  readonly messages: string[] = [];
  private readonly seen = new Map<string, number>();
  receive(instanceId: string, frame: string): number {
    const batch = JSON.parse(frame) as {
      batchSeq: number;
      events: { message?: string; type: string; count?: number }[];
    };
    if (batch.batchSeq > (this.seen.get(instanceId) ?? 0)) {
      this.seen.set(instanceId, batch.batchSeq);
      for (const event of batch.events)
        this.messages.push(event.type === 'dropped' ? `dropped ${event.count}` : event.message!);
    }
    return batch.batchSeq;
  }
}

/** One service-worker life: an outbox restored from the session area. */
async function worker(
  area: FakeSession,
  limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
  budgetChars?: number,
  live = () => false,
) {
  const outbox = new Outbox(limits);
  const store = new OutboxStore(outbox, area, live, () => undefined, budgetChars);
  await store.restore();
  return { outbox, store };
}

const logs = (from: number, count: number, prefix = 'log'): CaptureEvent[] =>
  Array.from(
    { length: count },
    (_, i) => ({ type: 'console-log', level: 'log', message: `${prefix} ${from + i}`, timestamp: 1 }) as CaptureEvent,
  );
const range = (from: number, count: number, prefix = 'log') =>
  Array.from({ length: count }, (_, i) => `${prefix} ${from + i}`);

/** Delivers everything the outbox holds to the connector, acking as it goes. */
function deliverAll(outbox: Outbox, connector: FakeConnector): void {
  const acks: number[] = [];
  const send = (frame: string) => (acks.push(connector.receive(outbox.instanceId, frame)), true);
  outbox.resend(send);
  while (acks.length) {
    outbox.ack(acks.shift()!);
    outbox.pump(send);
  }
}

describe('browser extension: the outbox survives the service worker', () => {
  it('a worker stopped while the connector is down loses nothing: the next one sends every capture once, in order', async () => {
    const area = new FakeSession();
    const first = await worker(area);
    first.outbox.add(logs(0, 1200));
    first.outbox.add(logs(1200, 7));
    await until(() => first.store.settled, 5_000, 'the outbox saved');
    // The worker stops: its memory is gone, the session area stays.
    const second = await worker(area);
    assert.equal(second.outbox.queued, 1207);
    second.outbox.add(logs(1207, 3));
    // Its batch numbers continue above the stored reservation once that is stored (the pump is told).
    await until(() => second.store.settled);
    const connector = new FakeConnector();
    deliverAll(second.outbox, connector);
    assert.deepEqual(connector.messages, range(0, 1210));
    assert.equal(second.outbox.queued, 0);
    await until(() => second.store.settled);
    assert.equal((await worker(area)).outbox.queued, 0, 'acked batches are gone from storage too');
    assert.deepEqual(
      [...area.data.keys()].filter((key) => key.startsWith('outbox:batch:')),
      [],
    );
  });

  it('a worker stopped with acks it never saved: the connector drops the re-sent batches, and new ones still count', async () => {
    const area = new FakeSession();
    const first = await worker(area);
    first.outbox.add(logs(0, 1500));
    await until(() => first.store.settled);
    const connector = new FakeConnector();
    // The connector stores all three batches, and the worker stops before it hears (and saves) the acks.
    first.outbox.resend((frame) => (connector.receive(first.outbox.instanceId, frame), true));
    assert.equal(connector.messages.length, 1500);
    const second = await worker(area);
    assert.equal(
      second.outbox.instanceId,
      first.outbox.instanceId,
      'the same instance, so the connector knows its batches',
    );
    second.outbox.add(logs(1500, 600));
    await until(() => second.store.settled);
    deliverAll(second.outbox, connector);
    assert.deepEqual(connector.messages, range(0, 2100), 'each capture exactly once');
  });

  it('keeps the newest captures within the storage budget; after a stop, a marker counts the older ones', async () => {
    const area = new FakeSession();
    const limits = { ...DEFAULT_OUTBOX_LIMITS, maxBatchEvents: 100, maxQueued: 3000 };
    const { outbox, store } = await worker(area, limits, 60_000);
    outbox.add(logs(0, 5000, 'x'.repeat(100)));
    await until(() => store.settled);
    assert.equal(outbox.queued, 3000, 'memory keeps up to maxQueued');
    assert.equal(outbox.dropped, 2000);
    assert.ok(area.bytes < 80_000, `stored ${area.bytes} bytes, within the budget`);
    const next = await worker(area, limits, 60_000);
    await until(() => next.store.settled);
    const connector = new FakeConnector();
    deliverAll(next.outbox, connector);
    const markers = connector.messages.filter((message) => /^dropped \d+$/.test(message));
    assert.equal(markers.length, 1);
    const logsDelivered = connector.messages.filter((message) => !markers.includes(message));
    assert.ok(
      logsDelivered.length > 100 && logsDelivered.length < 3000,
      `${logsDelivered.length} stored ones delivered`,
    );
    assert.equal(
      Number(markers[0]!.split(' ')[1]) + logsDelivered.length,
      5000,
      'every capture is either delivered or counted',
    );
    assert.equal(logsDelivered.at(-1), `${'x'.repeat(100)} 4999`, 'the newest are kept');
    assert.deepEqual(
      logsDelivered,
      range(5000 - logsDelivered.length, logsDelivered.length, 'x'.repeat(100)),
      'a run of the newest, in order',
    );
  });

  it('a storage failure is reported and retried, never thrown', async () => {
    const area = new FakeSession();
    const { outbox, store } = await worker(area);
    area.failing = true;
    outbox.add(logs(0, 10));
    await until(() => store.lastError !== undefined);
    assert.match(store.lastError!, /could not save the outbox: Session storage quota bytes exceeded/);
    area.failing = false;
    await until(() => store.settled && store.lastError === undefined, 5_000, 'the retry');
    assert.equal((await worker(area)).outbox.queued, 10);
  });

  it('writes nothing when the state to store is the one already stored (batches acked before their write)', async () => {
    const area = new FakeSession();
    const { outbox, store } = await worker(area);
    const connector = new FakeConnector();
    outbox.add(logs(0, 5));
    deliverAll(outbox, connector);
    await until(() => store.settled);
    const afterFirst = area.sets;
    for (let round = 1; round <= 3; round++) {
      outbox.add(logs(round * 5, 5));
      deliverAll(outbox, connector);
      await until(() => store.settled);
    }
    assert.equal(area.sets, afterFirst, 'acked before the write was due: no storage call');
    assert.deepEqual(connector.messages, range(0, 20));
    // A capture still waiting for its ack is stored, and a new worker sends it.
    outbox.add(logs(20, 1));
    await until(() => store.settled);
    assert.equal(area.sets, afterFirst + 1);
    const next = await worker(area);
    assert.equal(next.outbox.queued, 1);
    await until(() => next.store.settled, 5_000, 'its reservation stored');
    deliverAll(next.outbox, connector);
    assert.deepEqual(connector.messages, range(0, 21));
  });

  it('connected, a burst the connector keeps acking is not written; a stalled one is, and a long drain by 5 s', async function () {
    this.timeout(20_000);
    const area = new FakeSession();
    const oneAtATime = { ...DEFAULT_OUTBOX_LIMITS, maxBatchEvents: 100, window: 1 };
    const { outbox, store } = await worker(area, oneAtATime, undefined, () => true);
    const connector = new FakeConnector();
    await until(() => store.settled, 5_000, 'the reservation stored');
    const before = area.sets;
    const tick = () => new Promise((done) => setTimeout(done, 100));
    let inFlight: number[] = [];
    const send = (frame: string) => (inFlight.push(connector.receive(outbox.instanceId, frame)), true);
    const ackThenPump = () => {
      for (const seq of inFlight) outbox.ack(seq);
      inFlight = [];
      outbox.pump(send);
    };
    // 3,000 captures taken a batch each 100 ms: about 3 s, longer than the write's first wait (2 s).
    outbox.add(logs(0, 3000));
    outbox.pump(send);
    while (outbox.queued) {
      await tick();
      ackThenPump();
    }
    await until(() => store.settled);
    assert.deepEqual(connector.messages, range(0, 3000));
    assert.equal(area.sets, before, 'drained while it waited: no storage call');

    // The connector stops acking: what waits is written, and a new worker has it.
    outbox.add(logs(3000, 50));
    outbox.pump(send);
    await until(() => store.settled && area.sets === before + 1, 5_000, 'the stalled batch written');
    const copy = new FakeSession();
    for (const [key, value] of area.data) copy.data.set(key, value);
    assert.equal((await worker(copy)).outbox.queued, 50);

    // Acked without end, and more coming: written once the oldest change is 5 s old.
    const started = Date.now();
    while (area.sets === before + 1 && Date.now() - started < 8_000) {
      outbox.add(logs(5000, 10));
      await tick();
      ackThenPump();
    }
    const waited = Date.now() - started;
    assert.ok(waited >= 4_500 && waited < 7_000, `written after ${waited} ms of draining`);
  });
});
