import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import type { PageLoadVitals, PerformanceTraceRecord } from '../../src/shared/performance';
import { get, post } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { until } from '../support/until';
import { TestSocket } from '../support/wsClient';
import { connectExtension, launchWithExtension, requireChromium, type TestBrowser } from './support/chromium';
import { startPerfSite, type PerfSite } from './support/perfSite';

describe('performance: traces of the developer’s tab and live Web Vitals', function () {
  this.timeout(120_000);
  let connector: McpTestConnector;
  let browser: TestBrowser;
  let site: PerfSite;
  let page: Page;
  let client: Client;
  let storage: string;

  before(async function () {
    const executable = requireChromium(this);
    storage = mkdtempSync(join(tmpdir(), 'bd-perf-'));
    [connector, site] = await Promise.all([
      startMcpConnector({ audits: { reportDir: join(storage, 'audits') } }),
      startPerfSite(1200),
    ]);
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, connector.port);
    page = await browser.context.newPage();
    await page.goto(`${site.origin}/`, { waitUntil: 'load' });
    ({ client } = await httpClient(connector.port));
  });

  after(async () => {
    await client?.close();
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
    if (storage && !process.env.KEEP_TRACES) rmSync(storage, { recursive: true, force: true });
  });

  describe('POST /performance-trace (reload)', () => {
    let result: { id: string; path: string; bytes: number; summary: PerformanceTraceRecord['summary'] };
    let live: TestSocket;

    before(async () => {
      live = await TestSocket.open(`ws://127.0.0.1:${connector.port}/ws`);
      const { status, json } = await post(connector.port, '/performance-trace', {});
      assert.equal(status, 200, JSON.stringify(json));
      result = json;
    });
    after(() => live?.close());

    it('names the LCP image, at least the server’s delay, with its breakdown', () => {
      const { lcp } = result.summary;
      assert.ok(lcp, 'LCP found');
      assert.ok(lcp.ms >= site.imageDelayMs, `LCP ${lcp.ms} ms ≥ ${site.imageDelayMs} ms`);
      assert.match(lcp.element ?? '', /IMG id='hero'/);
      assert.match(lcp.resourceUrl ?? '', /\/hero\.png$/);
      assert.deepEqual(
        lcp.phases.map((phase) => phase.label),
        ['TTFB', 'load delay', 'load time', 'render delay'],
      );
      const loadTime = lcp.phases.find((phase) => phase.label === 'load time')!;
      assert.ok(loadTime.ms >= site.imageDelayMs - 50, `load time ${loadTime.ms} covers the held image`);
    });

    it('names the script of the 400 ms long task', () => {
      const task = result.summary.longTasks.find((candidate) =>
        candidate.scripts.some((script) => script.url.endsWith('/heavy-task.js')),
      );
      assert.ok(task, JSON.stringify(result.summary.longTasks));
      assert.ok(task.durationMs >= 400, `task of ${task.durationMs} ms`);
      assert.equal(task.scripts[0]!.functionName, 'blockMainThread');
    });

    it('reports CLS > 0 caused by the late banner', () => {
      const { cls } = result.summary;
      assert.ok(cls && cls.score > 0, JSON.stringify(cls));
      const causes = cls.shifts.flatMap((shift) => shift.causes).join('\n');
      assert.match(causes, /DIV id='banner' added to layout by .*late-banner\.js/);
    });

    it('lists the render-blocking stylesheet and the other insights', () => {
      assert.ok(
        result.summary.renderBlocking.some((request) => request.url.endsWith('/blocking.css')),
        JSON.stringify(result.summary.renderBlocking),
      );
      assert.ok(
        result.summary.insights.some((insight) => insight.key === 'LCPDiscovery'),
        'the engine’s LCP discovery insight is listed',
      );
    });

    it('saves the full trace as .json.gz that parses, under the storage folder', () => {
      assert.ok(result.path.endsWith('.json.gz') && existsSync(result.path), result.path);
      assert.equal(dirname(result.path), join(storage, 'traces'));
      const trace = JSON.parse(gunzipSync(readFileSync(result.path)).toString('utf8'));
      assert.ok(Array.isArray(trace.traceEvents) && trace.traceEvents.length > 1000, 'DevTools’ {traceEvents} form');
      assert.ok(
        trace.traceEvents.some((event: { name: string }) => /^largestContentfulPaint::Candidate$/i.test(event.name)),
      );
    });

    it('keeps the trace as a record that /ws shows', async () => {
      const frame = await live.ofType('performance-trace');
      assert.equal(frame.id, result.id);
      const { json } = await get(connector.port, '/performance-traces');
      assert.ok(json.traces.some((trace: { id: string }) => trace.id === result.id));
    });
  });

  describe('Web Vitals per page load', () => {
    const currentVitals = async (): Promise<PageLoadVitals | undefined> => {
      const { json } = await get(connector.port, '/web-vitals?limit=5');
      return json.pageLoads.at(-1);
    };

    before(async () => {
      await page.goto(`${site.origin}/`, { waitUntil: 'load' });
      await until(
        async () => {
          const vitals = await currentVitals();
          return Boolean(
            vitals?.metrics.LCP &&
            vitals.metrics.CLS &&
            vitals.metrics.CLS.value > 0 &&
            vitals.url === `${site.origin}/`,
          );
        },
        30_000,
        'LCP and CLS of the new page load',
      );
    });

    it('GET /web-vitals lists the page load with LCP ≥ the delay and CLS > 0, newest last', async () => {
      const vitals = (await currentVitals())!;
      assert.ok(vitals.metrics.LCP!.value >= site.imageDelayMs, `LCP ${vitals.metrics.LCP!.value}`);
      assert.match(vitals.metrics.LCP!.target ?? '', /hero/);
      assert.ok(vitals.metrics.CLS!.value > 0);
      assert.ok(['good', 'needs-improvement', 'poor'].includes(vitals.metrics.LCP!.rating));
      const { json } = await get(connector.port, '/api/v1/web-vitals?limit=1');
      assert.equal(json.status, 'success');
      assert.equal(json.data.pageLoads.length, 1);
    });

    it('get_current_page shows the vitals with their ratings', async () => {
      const text = textOf(await call(client, 'get_current_page'));
      const lcp = /- LCP (\d+) ms \((good|needs improvement|poor)\): element [^\n]*hero/.exec(text);
      assert.ok(lcp, text);
      assert.ok(Number(lcp[1]) >= site.imageDelayMs, text);
      const cls = /- CLS (\d\.\d+) \((good|needs improvement|poor)\)/.exec(text);
      assert.ok(cls && Number(cls[1]) > 0, text);
    });
  });

  describe('performance_trace over MCP', () => {
    it('answers the sections and the trace path', async () => {
      const result = await call(client, 'performance_trace', {});
      const text = textOf(result);
      assert.ok(!result.isError, text);
      assert.match(text, /LCP \d+ ms — element IMG id='hero'/);
      assert.match(text, /breakdown: TTFB \d+ ms, load delay \d+ ms, load time \d+ ms, render delay \d+ ms/);
      assert.match(text, /blockMainThread .*heavy-task\.js/);
      assert.match(text, /caused by DIV id='banner'/);
      assert.match(text, /Full trace: .*\.json\.gz/);
      if (process.env.SHOW_ANSWER) console.log(text);
    });

    it('refuses durationMs with a reload, saying what to do', async () => {
      const result = await call(client, 'performance_trace', { reload: true, durationMs: 2000 });
      assert.ok(result.isError);
      assert.match(textOf(result), /durationMs applies only with reload=false/);
    });

    it('names a slow interaction (INP) in a trace without reload, and get_current_page shows INP', async () => {
      const tracing = post(connector.port, '/performance-trace', { reload: false, durationMs: 3000 });
      await new Promise((resolve) => setTimeout(resolve, 800));
      await page.click('#slow-button');
      const { status, json } = await tracing;
      assert.equal(status, 200, JSON.stringify(json));
      const { inp } = json.summary;
      assert.ok(inp && inp.ms >= 250, JSON.stringify(json.summary.inp));
      assert.match(inp.target ?? '', /BUTTON id='slow-button'/);
      assert.equal(await page.textContent('#slow-button'), 'Clicked', 'the page handled the click');
      await until(
        async () => /- INP \d+ ms/.test(textOf(await call(client, 'get_current_page'))),
        20_000,
        'INP in get_current_page',
      );
    });

    it('records without reload for durationMs', async () => {
      const { status, json } = await post(connector.port, '/api/v1/performance-trace', {
        reload: false,
        durationMs: 500,
      });
      assert.equal(status, 200, JSON.stringify(json));
      assert.equal(json.status, 'success');
      assert.equal(json.data.summary.reload, false);
      assert.ok(existsSync(json.data.path));
    });

    it('rejects a bad body in either envelope', async () => {
      const a = await post(connector.port, '/performance-trace', { durationMs: 99_999, reload: false });
      assert.equal(a.status, 400);
      assert.equal(a.json.error.code, 'INVALID_PARAMETER');
      const b = await post(connector.port, '/api/v1/performance-trace', { bogus: 1 });
      assert.equal(b.status, 400);
      assert.equal(b.json.status, 'error');
    });
  });

  describe('source maps', () => {
    it('points a long task of a bundled script at its original source', async () => {
      await page.goto(`${site.origin}/mapped.html`, { waitUntil: 'load' });
      const { status, json } = await post(connector.port, '/performance-trace', {});
      assert.equal(status, 200, JSON.stringify(json));
      const script = json.summary.longTasks
        .flatMap((task: PerformanceTraceRecord['summary']['longTasks'][number]) => task.scripts)
        .find((ref: { url: string }) => ref.url.endsWith('/mapped-task.js'));
      assert.ok(script, JSON.stringify(json.summary.longTasks));
      assert.match(script.source?.path ?? '', /mappedTask\.ts$/, JSON.stringify(script));
      assert.ok(script.source.line >= 2 && script.source.line <= 9, `line ${script.source.line}`);
    });
  });
});
