import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { post } from '../support/http';
import { startTestConnector, type TestConnector } from '../support/connector';
import { requireChromium } from '../e2e/support/chromium';
import { startAuditSite, type AuditSite } from './support/auditSite';
import { tempReportDir } from './support/reports';

/** Real Lighthouse in a headless Chromium (browser choice 3): each run takes 6–10 s, so runs are shared between assertions. */
describe('Audit endpoints (real Lighthouse)', function () {
  this.timeout(120_000);
  let t: TestConnector;
  let site: AuditSite;
  const reports = tempReportDir();

  before(async function () {
    requireChromium(this);
    site = await startAuditSite();
    t = await startTestConnector({ audits: { reportDir: reports.dir, timeoutMs: 60_000 } });
  });
  after(async () => {
    await t?.stop();
    await site?.close();
    reports.remove();
  });

  it('queues two concurrent requests; the faulty page fails those audits, the clean page scores high (A and B envelopes)', async () => {
    const [faults, clean] = await Promise.all([
      post(t.port, '/accessibility-audit', { url: `${site.origin}/faults.html` }),
      post(t.port, '/api/v1/accessibility-audit', {
        url: `${site.origin}/clean.html`,
        options: { formFactor: 'desktop' },
      }),
    ]);
    assert.equal(faults.status, 200, faults.text.slice(0, 500));
    assert.equal(clean.status, 200, clean.text.slice(0, 500));
    assert.ok(faults.json.score < 1, `faulty page scored ${faults.json.score}`);
    for (const id of ['image-alt', 'color-contrast', 'label', 'button-name'])
      assert.equal(faults.json.audits[id].score, 0, `${id} fails`);
    assert.equal(faults.json.audits['image-alt'].details[0].selector, 'body > main > img#hero');
    assert.equal(faults.json.categories.accessibility.score, faults.json.score);
    assert.equal(clean.json.status, 'success');
    assert.ok(clean.json.data.score >= 0.95, `clean page scored ${clean.json.data.score}`);
    assert.deepEqual(clean.json.data.failing, []);
    const waited = [faults.json.run, clean.json.data.run].filter((run) => run.queuedBehind === 1);
    assert.equal(waited.length, 1, 'one of the two waited behind the other');
    assert.ok(waited[0].waitedMs > 1000, `it says how long it waited (${waited[0].waitedMs} ms)`);
    assert.ok(existsSync(faults.json.report.htmlPath) && existsSync(faults.json.report.jsonPath), 'full report saved');
    assert.match(readFileSync(faults.json.report.htmlPath, 'utf8'), /<html/i);
    assert.equal(faults.json.run.browser, 'headless');
  });

  it('performance: every metric is a number, opportunities have savings; a request that cannot finish in time is refused at once', async () => {
    const running = post(t.port, '/performance-audit', { url: `${site.origin}/perf.html` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await post(t.port, '/accessibility-audit', { url: `${site.origin}/clean.html`, timeoutMs: 3000 });
    // AUDIT_BUSY is decided on arrival, from the expected wait; a request that waited would time out instead.
    assert.equal(refused.status, 503);
    assert.equal(refused.json.error.code, 'AUDIT_BUSY');
    assert.match(refused.json.error.message, /one at a time.*timeout/);
    const performance = await running;
    assert.equal(performance.status, 200, performance.text.slice(0, 500));
    assert.equal(typeof performance.json.score, 'number');
    for (const name of [
      'firstContentfulPaint',
      'largestContentfulPaint',
      'timeToInteractive',
      'speedIndex',
      'totalBlockingTime',
      'cumulativeLayoutShift',
    ]) {
      assert.ok(
        Number.isFinite(performance.json.metrics[name]),
        `${name} is a number (${performance.json.metrics[name]})`,
      );
    }
    assert.ok(Array.isArray(performance.json.opportunities));
    for (const item of performance.json.opportunities)
      assert.ok(Number.isInteger(item.savings) && item.id && item.title);
  });

  it('engine audit honours categories and device', async () => {
    const answer = await post(t.port, '/api/v1/engine-audit', {
      url: `${site.origin}/faults.html`,
      categories: ['accessibility', 'seo'],
      device: 'mobile',
    });
    assert.equal(answer.status, 200, answer.text.slice(0, 500));
    const { audit, report } = answer.json.data;
    assert.deepEqual(Object.keys(audit.scores).sort(), ['accessibility', 'seo']);
    for (const score of Object.values(audit.scores))
      assert.ok(Number.isInteger(score) && (score as number) >= 0 && (score as number) <= 100);
    assert.equal(audit.metrics, undefined, 'no performance category, no metrics');
    assert.equal(audit.device, 'mobile');
    const lhr = JSON.parse(readFileSync(report.jsonPath, 'utf8'));
    assert.equal(lhr.configSettings.formFactor, 'mobile');
    assert.equal(lhr.configSettings.screenEmulation.mobile, true);
    assert.deepEqual(Object.keys(lhr.categories).sort(), ['accessibility', 'seo']);
    assert.equal(
      audit.failing.filter((item: { id: string }) => item.id === 'image-alt').length,
      1,
      'an audit in two categories is listed once',
    );
  });

  it('names a missing url, and fails an unreachable URL with LIGHTHOUSE_FAILED within the timeout', async () => {
    const missing = await post(t.port, '/accessibility-audit', { options: { formFactor: 'desktop' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error.code, 'INVALID_REQUEST');
    assert.equal(missing.json.error.details.parameter, 'url');
    assert.match(missing.json.error.message, /'url'/);
    const missingB = await post(t.port, '/api/v1/engine-audit', {});
    assert.equal(missingB.json.error.details.parameter, 'url');
    const badDevice = await post(t.port, '/engine-audit', { url: site.origin, device: 'watch' });
    assert.equal(badDevice.json.error.details.parameter, 'device');
    const unreachable = await post(t.port, '/performance-audit', { url: 'http://127.0.0.1:9/', timeoutMs: 30_000 });
    assert.doesNotMatch(
      unreachable.json.error.message,
      /timed out/,
      'the refused connection is the answer, not the timeout',
    );
    assert.equal(unreachable.status, 500);
    assert.equal(unreachable.json.error.code, 'LIGHTHOUSE_FAILED');
    assert.match(unreachable.json.error.message, /127\.0\.0\.1:9/);
  });
});
