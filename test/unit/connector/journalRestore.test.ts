import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig, type StoreLimits } from '../../../src/connector/config/config';
import { attachJournal } from '../../../src/connector/journal/journal';
import { REPLAY_CHUNK_BYTES } from '../../../src/connector/journal/journalReplay';
import { silentLogger } from '../../../src/connector/logging/logger';
import { CaptureStore } from '../../../src/connector/capture/store';
import type { CaptureEvent } from '../../../src/shared/protocol';

const MB = 1024 * 1024;

/** As the extension sends a console call: about 400 characters (some multi-byte), frames and a stack. */
function consoleEntry(i: number): CaptureEvent {
  const message = `cart updated #${i}: 3 items, total 129,90 €, coupon SPRING, user 81723 (guest) 😀 中; `;
  return {
    type: 'console-log',
    level: i % 10 ? 'log' : 'warn',
    message: message.repeat(5).slice(0, 400),
    url: 'http://localhost:5173/checkout',
    source: 'http://localhost:5173/src/components/Cart.tsx:40:9',
    frames: [{ functionName: 'render', url: 'http://localhost:5173/src/components/Cart.tsx', line: 40, column: 9 }],
    stack: `Error\n    at render (http://localhost:5173/src/components/Cart.tsx:40:9)`,
    timestamp: 1_764_000_000_000 + i,
  };
}

/** A network entry with 10 headers each way and a 2 KB body. */
function networkEntry(i: number): CaptureEvent {
  const headers = (prefix: string) =>
    Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`${prefix}-${k}`, `value-${k}-${'h'.repeat(24)}`]));
  return {
    type: 'network-request',
    method: 'GET',
    url: `http://localhost:5173/api/cart/${i}`,
    status: 200,
    timestamp: 1_764_000_000_000 + i,
    requestHeaders: headers('x-request'),
    responseHeaders: headers('x-response'),
    responseBody: `{"rows":"${'d'.repeat(2030)}"}`,
  };
}

/** Small caps, so a journal of a few MB holds several times what the store keeps. */
function smallLimits(): StoreLimits {
  const limits = resolveConfig().limits;
  return {
    ...limits,
    consoleLogs: { maxEntries: 1_000, maxBytes: 256 * 1024 },
    networkSuccess: { maxEntries: 2_000, maxBytes: 512 * 1024 },
  };
}

describe('capture journal: restore is bounded, group commit acks after the write', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bd-journal-restore-'));
    file = join(dir, 'journal.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Journals `consoles` console and `networks` network entries through a store with the default caps. */
  function journalOf(consoles: number, networks: number, maxBytes = 32 * MB): void {
    const store = new CaptureStore(resolveConfig().limits);
    const stop = attachJournal(store, file, silentLogger, { maxBytes });
    for (let i = 0; i < consoles; i++) store.ingest(consoleEntry(i));
    for (let i = 0; i < networks; i++) store.ingest(networkEntry(i));
    stop();
  }

  it('restores a journal several times the caps into no more entries and bytes than the caps, the newest intact', () => {
    journalOf(6_000, 1_500);
    assert.ok(statSync(file).size > 4 * REPLAY_CHUNK_BYTES, 'the journal spans several read chunks');
    const limits = smallLimits();
    const store = new CaptureStore(limits);
    attachJournal(store, file, silentLogger)();
    const counts = store.counts();
    assert.ok(counts.consoleLogs > 0 && counts.consoleLogs <= limits.consoleLogs.maxEntries);
    assert.ok(counts.networkSuccess > 0 && counts.networkSuccess <= limits.networkSuccess.maxEntries);
    const cap = Object.values(limits)
      .filter((limit): limit is { maxEntries: number; maxBytes: number } => typeof limit === 'object')
      .reduce((sum, limit) => sum + limit.maxBytes, 0);
    assert.ok(store.bytes() <= cap, `${store.bytes()} bytes held, caps ${cap}`);
    const newestLog = store.latest('consoleLogs')!;
    const { id: _id, seq: _seq, pageLoadId: _load, ...log } = newestLog;
    assert.deepEqual(log, consoleEntry(5_999), 'the newest console entry, multi-byte text and all');
    const { id: _nid, seq: _nseq, pageLoadId: _nload, ...request } = store.latest('networkSuccess')!;
    assert.deepEqual(request, networkEntry(1_499));
  });

  it('restores every line across read-chunk boundaries, multi-byte characters included', () => {
    journalOf(4_000, 0);
    const store = new CaptureStore(resolveConfig().limits);
    attachJournal(store, file, silentLogger)();
    const messages = store.query(['consoleLogs'], () => true, 10_000).entries.map((entry) => entry.message);
    assert.equal(messages.length, 4_000);
    messages.forEach((message, i) => assert.equal(message, (consoleEntry(i) as { message: string }).message));
  });

  it('keeps the file under its byte cap with whole lines, the newest kept', () => {
    journalOf(4_000, 1_000, 2 * MB);
    assert.ok(statSync(file).size <= 2 * MB, `${statSync(file).size} bytes`);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    for (const line of lines) JSON.parse(line);
    assert.match(lines.at(-1)!, /cart\/999"/);
  });

  it('acks (resolves commit) only after the write, and commits of one turn share one write', async () => {
    const store = new CaptureStore(resolveConfig().limits);
    const stop = attachJournal(store, file, silentLogger, { flushMs: 60_000 });
    try {
      const commits: Promise<void>[] = [];
      for (let i = 0; i < 50; i++) {
        store.ingest(consoleEntry(i));
        commits.push(store.commit());
      }
      assert.equal(readFileSync(file, 'utf8'), '', 'nothing written during the turn');
      assert.equal(new Set(commits).size, 1, 'one write for the whole turn');
      await commits[0];
      assert.equal(readFileSync(file, 'utf8').split('\n').filter(Boolean).length, 50, 'all 50 on disk at the ack');
      store.ingest(consoleEntry(50));
      await store.commit();
      assert.equal(readFileSync(file, 'utf8').split('\n').filter(Boolean).length, 51);
    } finally {
      stop();
    }
  });
});
