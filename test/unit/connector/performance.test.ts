import assert from 'node:assert/strict';
import { ApiError } from '../../../src/shared/errors';
import { rateVital, formatVital } from '../../../src/shared/performance';
import { vitalMetricSchema } from '../../../src/shared/performanceSchema';
import { TraceTransfers } from '../../../src/connector/performance/traceTransfers';
import { WebVitalsBook } from '../../../src/connector/performance/webVitals';
import type { StoredWebVitals } from '../../../src/shared/protocol';
import { traceText } from '../../../src/mcp/format/performanceText';

const vitals = (pageLoadId: string, name: 'LCP' | 'CLS', value: number, seq: number): StoredWebVitals => ({
  type: 'web-vitals',
  metric: { name, value, target: name === 'LCP' ? 'img#hero' : undefined },
  timestamp: 1000 + seq,
  url: `http://localhost/${pageLoadId}`,
  id: String(seq),
  seq,
  pageLoadId,
});

describe('performance: vitals, transfers and the trace answer', () => {
  it('rates vitals by web.dev’s thresholds, edges included', () => {
    assert.equal(rateVital('LCP', 2500), 'good');
    assert.equal(rateVital('LCP', 2501), 'needs-improvement');
    assert.equal(rateVital('LCP', 4001), 'poor');
    assert.equal(rateVital('CLS', 0.1), 'good');
    assert.equal(rateVital('CLS', 0.3), 'poor');
    assert.equal(rateVital('INP', 350), 'needs-improvement');
    assert.equal(formatVital('CLS', 0.0916), '0.092');
    assert.equal(formatVital('TTFB', 12.6), '13 ms');
  });

  it('validates metrics on the wire', () => {
    assert.ok(vitalMetricSchema.safeParse({ name: 'LCP', value: 1200, target: 'img' }).success);
    assert.ok(!vitalMetricSchema.safeParse({ name: 'FID', value: 10 }).success);
    assert.ok(!vitalMetricSchema.safeParse({ name: 'CLS', value: -1 }).success);
  });

  it('keeps the newest value per metric and page load, newest page load last, and rates it', () => {
    const book = new WebVitalsBook();
    book.observe(vitals('a', 'LCP', 900, 1));
    book.observe(vitals('b', 'LCP', 3000, 2));
    book.observe(vitals('a', 'LCP', 1300, 3));
    book.observe(vitals('a', 'CLS', 0.3, 4));
    const { pageLoads, total } = book.list(10);
    assert.equal(total, 2);
    assert.deepEqual(
      pageLoads.map((load) => load.pageLoadId),
      ['a', 'b'],
    );
    assert.equal(book.get('a')!.metrics.LCP!.value, 1300);
    assert.equal(book.get('a')!.metrics.CLS!.rating, 'poor');
    assert.equal(book.get('b')!.metrics.LCP!.rating, 'needs-improvement');
    assert.deepEqual(
      book.list(1).pageLoads.map((load) => load.pageLoadId),
      ['b'],
    );
  });

  it('assembles a trace from ordered chunks, and refuses gaps, strangers and short transfers', () => {
    const transfers = new TraceTransfers();
    transfers.expect('t1');
    transfers.accept({ transferId: 't1', index: 0, data: Buffer.from('ab').toString('base64') });
    transfers.accept({ transferId: 'nobody', index: 0, data: 'AAAA' });
    transfers.accept({ transferId: 't1', index: 1, data: Buffer.from('cd').toString('base64') });
    assert.equal(transfers.take('t1', 2).toString(), 'abcd');
    transfers.expect('t2');
    transfers.accept({ transferId: 't2', index: 1, data: 'AAAA' });
    assert.throws(
      () => transfers.take('t2', 1),
      (error: ApiError) => /chunk 1 arrived where 0 was due/.test(error.message),
    );
    transfers.expect('t3');
    transfers.accept({ transferId: 't3', index: 0, data: 'AAAA' });
    assert.throws(() => transfers.take('t3', 2), /incomplete \(1 of 2 parts\)/);
    assert.throws(() => transfers.take('nobody', 1), /No trace transfer/);
  });

  it('answers a trace within the budget, the file path always last', () => {
    const record = {
      type: 'performance-trace' as const,
      id: 'trace-1',
      timestamp: 0,
      path: '/tmp/trace.json.gz',
      bytes: 10,
      elapsedMs: 3100,
      summary: {
        url: 'http://localhost/',
        reload: true,
        durationMs: 2000,
        lcp: {
          ms: 1274,
          element: "IMG id='hero'",
          resourceUrl: 'http://localhost/hero.png',
          phases: [{ label: 'TTFB', ms: 5 }],
        },
        longTasks: Array.from({ length: 50 }, (_, i) => ({
          startMs: i * 10,
          durationMs: 60,
          scripts: [{ url: `http://localhost/chunk-${i}.js`, functionName: 'work', line: 3, column: 1 }],
        })),
        renderBlocking: [],
        insights: [{ key: 'ImageDelivery', title: 'Improve image delivery', state: 'fail', savings: { LCP: 120 } }],
      },
    };
    const text = traceText(record, 1500);
    assert.ok(text.length <= 1600, `${text.length} chars`);
    assert.match(text, /LCP 1274 ms — element IMG id='hero'/);
    assert.match(text, /Full trace: \/tmp\/trace\.json\.gz/);
    assert.match(traceText(record, 20_000), /Improve image delivery \[fail\] — est\. savings LCP 120 ms/);
  });
});
