import assert from 'node:assert/strict';
import { AuditService } from '../../src/connector/audit/auditService';
import type { Lhr } from '../../src/connector/audit/lhr';
import { BrowserBridge } from '../../src/connector/wire/browserBridge';
import { defaultConfig } from '../../src/connector/config/config';
import { silentLogger } from '../../src/connector/logging/logger';
import { requireChromium, until } from '../e2e/support/chromium';
import { startAuditSite, type AuditSite } from './support/auditSite';
import { tempReportDir } from './support/reports';

/** What BenchmarkIndex reports when nothing was measured (benchmarkIndex.ts). */
const UNMEASURED_INDEX = 1500;
const benchmarkMs = (lhr: Lhr) =>
  lhr.timing.entries
    .filter((entry) => entry.name === 'lh:gather:getBenchmarkIndex')
    .reduce((sum, entry) => sum + entry.duration, 0);

describe('Audits: one warm headless browser, no CPU benchmark unless needed (real Lighthouse)', function () {
  this.timeout(180_000);
  let site: AuditSite;
  let service: AuditService;
  const reports = tempReportDir();
  const IDLE_MS = 4000;

  before(async function () {
    const chromium = requireChromium(this);
    site = await startAuditSite();
    service = new AuditService({
      config: { ...defaultConfig().audits, reportDir: reports.dir },
      bridge: new BrowserBridge(),
      logger: silentLogger,
      findChrome: async () => chromium,
      warmIdleMs: IDLE_MS,
    });
  });
  after(async () => {
    await service?.dispose();
    await site?.close();
    reports.remove();
  });

  it('reuses the browser for the next audit and skips the benchmark without the performance category', async () => {
    const first = await service.run({ url: `${site.origin}/faults.html`, categories: ['accessibility'] });
    const second = await service.run({ url: `${site.origin}/clean.html`, categories: ['accessibility'] });
    assert.equal(service.warm.starts, 1, 'one browser start for two audits');
    assert.ok(service.warm.running);
    assert.ok(first.summary.failing.length > 0 && second.summary.scores.accessibility! > 0.9, 'both audits are real');
    // No probe ran: Lighthouse reports the constant put in its place (a measured index is never this round value).
    for (const run of [first, second]) assert.equal(run.lhr.environment?.benchmarkIndex, UNMEASURED_INDEX);
    console.log(`      benchmark step without performance: ${benchmarkMs(first.lhr)} ms`);
  });

  it('measures the benchmark once for performance, then reuses it', async () => {
    const first = await service.run({ url: `${site.origin}/perf.html`, categories: ['performance'] });
    const second = await service.run({ url: `${site.origin}/perf.html`, categories: ['performance'] });
    assert.notEqual(first.lhr.environment?.benchmarkIndex, UNMEASURED_INDEX, 'the first performance audit measures');
    console.log(
      `      benchmark step: ${benchmarkMs(first.lhr)} ms measured, then ${benchmarkMs(second.lhr)} ms reused`,
    );
    assert.equal(second.lhr.environment?.benchmarkIndex, first.lhr.environment?.benchmarkIndex);
    assert.equal(service.warm.starts, 1);
  });

  it('closes the browser after the idle period, and starts a new one for the next audit', async () => {
    await until(() => !service.warm.running, IDLE_MS + 15_000, 'the idle browser to close');
    await service.run({ url: `${site.origin}/clean.html`, categories: ['seo'] });
    assert.equal(service.warm.starts, 2);
  });

  it('closes the warm browser on dispose (connector stop)', async () => {
    assert.ok(service.warm.running);
    await service.dispose();
    assert.ok(!service.warm.running);
  });
});
