import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resolveConfig, type StoreLimits } from '../../../../src/connector/config/config';
import { CaptureStore } from '../../../../src/connector/capture/store';
import { BUFFER_KINDS, type BufferKind } from '../../../../src/connector/capture/storeBuffers';
import type { CaptureEvent, StoredEntry } from '../../../../src/shared/protocol';
import { isFailedRequest } from '../../../../src/shared/networkOutcome';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

/** Full collections, with a pause for the background sweeper that frees array buffers. */
async function settled(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 3; i++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage();
}

/** A deterministic stream of every kind, sizes from a few bytes to tens of kB, ASCII and multi-byte text. */
function* captures(count: number): Generator<CaptureEvent> {
  let state = 7;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const text = (max: number) =>
    ['x', 'é', '😀', '中'][Math.floor(random() * 4)]!.repeat(1 + Math.floor(random() * max));
  for (let i = 0; i < count; i++) {
    const pick = random();
    const timestamp = 1_700_000_000_000 + i;
    if (pick < 0.5) yield { type: 'console-log', level: 'info', message: `log ${i} ${text(300)}`, timestamp, tabId: 1 };
    else if (pick < 0.6) yield { type: 'console-error', message: `error ${i}`, stack: text(2000), timestamp };
    else if (pick < 0.95)
      yield {
        type: 'network-request',
        method: 'POST',
        url: `http://localhost:5173/api/${i}`,
        status: random() < 0.8 ? 200 : 500,
        timestamp,
        requestHeaders: { 'content-type': 'application/json', 'x-trace': text(100) },
        responseHeaders: { 'content-type': 'application/json' },
        requestBody: text(4000),
        responseBody: text(20_000),
      };
    else
      yield {
        type: 'page-navigated',
        url: `http://localhost:5173/page/${i}`,
        tabId: 1,
        pageLoadId: `load-${i}`,
        timestamp,
      };
  }
}

const KIND_OF: Record<string, BufferKind> = {
  'console-log': 'consoleLogs',
  'console-error': 'consoleErrors',
  'page-navigated': 'pageLoads',
};
const kindOf = (entry: StoredEntry): BufferKind =>
  entry.type === 'network-request' ? (entry.status === 500 ? 'networkErrors' : 'networkSuccess') : KIND_OF[entry.type]!;

function smallLimits(): StoreLimits {
  const limits = resolveConfig().limits;
  return {
    ...limits,
    consoleLogs: { maxEntries: 50_000, maxBytes: 2 * MB },
    consoleErrors: { maxEntries: 10_000, maxBytes: 1 * MB },
    networkSuccess: { maxEntries: 20_000, maxBytes: 4 * MB },
    networkErrors: { maxEntries: 10_000, maxBytes: 1 * MB },
    pageLoads: { maxEntries: 1_000, maxBytes: 256 * 1024 },
  };
}

describe('the store keeps real bytes under its caps', () => {
  it('never reports more bytes than its caps, and the process holds no more than it reports', async () => {
    const limits = smallLimits();
    const caps = BUFFER_KINDS.reduce((sum, kind) => sum + limits[kind].maxBytes, 0);
    const before = await settled();
    const store = new CaptureStore(limits);
    for (const capture of captures(20_000)) {
      store.ingest(capture);
      assert.ok(store.bytes() <= caps, `${store.bytes()} bytes reported, caps ${caps}`);
    }
    const evicted = store.evicted();
    for (const kind of ['consoleLogs', 'networkSuccess', 'networkErrors'] as const)
      assert.ok(evicted[kind] > 0, `${kind} went past its cap`);
    const after = await settled();
    const heap = after.heapUsed - before.heapUsed;
    const buffers = after.arrayBuffers - before.arrayBuffers;
    const held = heap + buffers;
    // What is counted: the chunks and the index columns. Beside them: one spare chunk per buffer
    // (1/32 of its cap) and the buffers' own small objects.
    const allowance = caps / 32 + 2 * MB;
    const mb = (bytes: number) => (bytes / MB).toFixed(1);
    assert.ok(
      held <= store.bytes() + allowance,
      `the process holds ${mb(heap)} MB of heap and ${mb(buffers)} MB of buffers for ${mb(store.bytes())} MB counted`,
    );
    assert.ok(store.counts().networkSuccess > 0);
  });

  it('counts multi-byte text by its UTF-8 bytes', () => {
    const limits = { ...resolveConfig().limits, consoleLogs: { maxEntries: 1e6, maxBytes: 1 * MB } };
    const ascii = new CaptureStore(limits);
    const emoji = new CaptureStore(limits);
    for (let i = 0; i < 2000; i++) {
      ascii.ingest({ type: 'console-log', level: 'log', message: 'x'.repeat(1000), timestamp: i });
      emoji.ingest({ type: 'console-log', level: 'log', message: '😀'.repeat(1000), timestamp: i });
    }
    // '😀' is 4 bytes in UTF-8 (2 UTF-16 units): the same cap holds about a quarter as many entries.
    const ratio = ascii.counts().consoleLogs / emoji.counts().consoleLogs;
    assert.ok(ratio > 3 && ratio < 5, `ratio ${ratio}`);
  });
});

describe('the store loses nothing but its oldest entries', () => {
  it('keeps, per buffer, exactly the newest entries ingested, unchanged and in order', () => {
    const store = new CaptureStore(smallLimits());
    const sent = new Map<BufferKind, StoredEntry[]>(BUFFER_KINDS.map((kind) => [kind, []]));
    let step = 0;
    for (const capture of captures(12_000)) {
      const entry = store.ingest(capture);
      sent.get(kindOf(entry))!.push(JSON.parse(JSON.stringify(entry)) as StoredEntry);
      if (++step % 3000 !== 0) continue;
      for (const kind of BUFFER_KINDS) {
        const all = sent.get(kind)!;
        const kept = store.query([kind], () => true, 1e9).entries;
        assert.equal(kept.length + store.evicted()[kind], all.length, `${kind}: kept + evicted = ingested`);
        assert.deepEqual(kept, all.slice(all.length - kept.length), `${kind}: the newest ${kept.length}, unchanged`);
        if (all.length) assert.ok(kept.length > 0, `${kind}: the newest is always kept`);
      }
    }
  });

  it('filters on indexed and on parsed fields alike, and finds every kept entry by id', () => {
    const store = new CaptureStore(smallLimits());
    for (const capture of captures(3000)) store.ingest(capture);
    const everything = store.query(['consoleLogs', 'consoleErrors'], () => true, 1e9).entries;
    const viaView = store.query(
      ['consoleLogs', 'consoleErrors'],
      (entry) => entry.type === 'console-log' && entry.message.includes('😀') && entry.tabId === 1,
      1e9,
    );
    const expected = everything.filter(
      (entry) => entry.type === 'console-log' && entry.message.includes('😀') && entry.tabId === 1,
    );
    assert.ok(expected.length > 10);
    assert.deepEqual(viaView.entries, expected);
    assert.equal(viaView.matched, expected.length);
    for (const entry of everything.slice(-50)) assert.deepEqual(store.findById(entry.id), entry);
  });

  it('replays after a seq, oldest first, only the kinds asked for', () => {
    const store = new CaptureStore(smallLimits());
    for (const capture of captures(3000)) store.ingest(capture);
    const after = store.lastSeq - 1000;
    const all = store.since(after);
    const errors = store.since(after, ['consoleErrors', 'networkErrors']);
    assert.ok(all.every((entry, i) => entry.seq > after && (i === 0 || all[i - 1]!.seq < entry.seq)));
    assert.deepEqual(
      errors,
      all.filter(
        (entry) => entry.type === 'console-error' || (entry.type === 'network-request' && isFailedRequest(entry)),
      ),
    );
    assert.ok(errors.length > 0 && errors.length < all.length);
  });
});
