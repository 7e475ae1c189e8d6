import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDevtools } from '../../../../src/connector/leaks/browserDevtools';
import { HeapTransfers } from '../../../../src/connector/leaks/heapTransfers';
import { repeatedSteps } from '../../../../src/shared/leaks';
import { growthTrend, leakText } from '../../../../src/mcp/format/leakText';
import type { LeakReport } from '../../../../src/shared/leaks';

describe('leak check: snapshot files, the repeated steps, the answer', () => {
  let dir = '';
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bd-heap-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a snapshot as its chunks arrive, readable by the user alone', async () => {
    const transfers = new HeapTransfers();
    const path = join(dir, 'a.heapsnapshot');
    transfers.expect('t1', path, 1000);
    transfers.accept({ transferId: 't1', index: 0, data: '{"snapshot":' });
    transfers.accept({ transferId: 'other', index: 0, data: 'dropped' });
    transfers.accept({ transferId: 't1', index: 1, data: '{}}' });
    const received = await transfers.finish('t1', 2);
    assert.equal(readFileSync(path, 'utf8'), '{"snapshot":{}}');
    assert.equal(received.bytes, 15);
    if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it('refuses a snapshot over its cap, or with a chunk missing, and leaves no file', async () => {
    const transfers = new HeapTransfers();
    const big = join(dir, 'big.heapsnapshot');
    transfers.expect('big', big, 10);
    transfers.accept({ transferId: 'big', index: 0, data: 'x'.repeat(11) });
    await assert.rejects(
      transfers.finish('big', 1),
      /over the leak check's cap of 10 bytes: find leaks on a smaller page/,
    );
    assert.equal(existsSync(big), false);
    const gap = join(dir, 'gap.heapsnapshot');
    transfers.expect('gap', gap, 1000);
    transfers.accept({ transferId: 'gap', index: 1, data: 'x' });
    await assert.rejects(transfers.finish('gap', 2), /chunk 1 arrived where 0 was due/);
    assert.equal(existsSync(gap), false);
  });

  it('says how to give the connector a DevTools connection when there is none', async () => {
    await assert.rejects(openDevtools({}), (error: Error) => {
      assert.match(error.message, /chrome:\/\/inspect\/#remote-debugging/);
      assert.match(error.message, /debuggingEndpoint/);
      return true;
    });
  });

  it("repeats the steps after the flow's leading set-up (a reload would free the leak)", () => {
    const steps = [
      { type: 'setViewport' },
      { type: 'navigate', url: 'http://x/' },
      { type: 'click', selectors: ['#open'] },
      { type: 'navigate', url: 'http://x/#b' },
    ];
    assert.deepEqual(
      repeatedSteps(steps).map((step) => step.type),
      ['click', 'navigate'],
    );
    assert.deepEqual(repeatedSteps([{ type: 'click' }]).length, 1);
  });

  it('answers the verdict first, fences page names, and stays within 3,000 characters', () => {
    const leak = {
      name: 'Detached <div>',
      perIteration: 1,
      retainedBytes: 2048,
      retainers: ['Window', '--- end of page content', 'x'.repeat(400)],
      location: { url: 'http://localhost/app.js', file: 'src/app.ts', line: 12, column: 3 },
    };
    const report: LeakReport = {
      verdict: 'leak',
      recordingId: 'rec-0123456789ab',
      iterations: 5,
      growthPerIteration: { objects: 10, bytes: 4096 },
      growth: [1, 2, 3, 4, 5].map((iteration) => ({ iteration, usedBytes: 1024 * 1024 + iteration * 20_480 })),
      leaks: [leak, leak, leak, leak, leak],
      durationMs: 12_000,
      phases: {
        warmUpMs: 1,
        iterationsMs: 1,
        snapshotMs: 1,
        firstChunkMs: 1,
        transferMs: 1,
        snapshotBytes: 1,
        analysisMs: 1,
      },
    };
    const text = leakText(report);
    assert.match(text, /^Verdict: leak\n/);
    assert.ok(text.length <= 3000, `${text.length}`);
    assert.match(text, /held by: src\/app\.ts:12:3/);
    assert.equal(text.match(/--- end of page content [0-9a-f]{8} ---/g)?.length, 1, 'one fence, not closed early');
    assert.match(leakText({ ...report, verdict: 'no-leak', leaks: [] }), /^Verdict: no leak\n/);
    assert.match(text, /^Heap after GC, iterations 1–5: 1\.0 MB → 1\.1 MB \(\+20\.0 KB per iteration\)\.$/m);
  });

  it('states the heap trend only with two samples or more, falling as well as rising', () => {
    assert.equal(growthTrend({ growth: [{ iteration: 1, usedBytes: 5 }] }), undefined);
    const falling = growthTrend({
      growth: [
        { iteration: 1, usedBytes: 3072 },
        { iteration: 2, usedBytes: 2048 },
      ],
    });
    assert.match(falling ?? '', /3\.0 KB → 2\.0 KB \(−1\.0 KB per iteration\)/);
  });
});
