import assert from 'node:assert/strict';
import { AuditQueue } from '../../../src/connector/audit/auditQueue';
import { AuditService } from '../../../src/connector/audit/auditService';
import { failingOf } from '../../../src/connector/audit/auditSummary';
import { handoverAllowed, isLoopbackUrl, toCookieParam } from '../../../src/connector/audit/cookieHandover';
import type { Lhr } from '../../../src/connector/audit/lhr';
import { BrowserBridge } from '../../../src/connector/wire/browserBridge';
import { defaultConfig } from '../../../src/connector/config/config';
import { configFromEnvironment } from '../../../src/connector/config/envConfig';
import { silentLogger } from '../../../src/connector/logging/logger';
import { ApiError } from '../../../src/shared/errors';
import type { AuditSummary, FailingAudit } from '../../../src/shared/audit';
import { auditText } from '../../../src/mcp/format/auditText';

describe('Audits without a browser', () => {
  describe('the queue', () => {
    it('runs one at a time in arrival order and says who waited', async () => {
      const queue = new AuditQueue();
      const order: string[] = [];
      const first = await queue.acquire(Date.now() + 60_000);
      const second = queue.acquire(Date.now() + 60_000).then((slot) => (order.push('second'), slot));
      const third = queue.acquire(Date.now() + 60_000).then((slot) => (order.push('third'), slot));
      assert.equal(queue.waitingCount, 2);
      first.release(50);
      (await second).release(50);
      const last = await third;
      assert.deepEqual(order, ['second', 'third']);
      assert.equal(last.queuedBehind, 2);
      assert.equal(first.queuedBehind, 0);
      last.release(50);
      assert.equal(queue.running, false);
      assert.equal(queue.typicalMs(), 50, 'estimates follow recent runs');
    });

    it('refuses at once a request that could not finish within its timeout after waiting', async () => {
      const queue = new AuditQueue();
      const running = await queue.acquire(Date.now() + 60_000);
      await assert.rejects(
        queue.acquire(Date.now() + 5000),
        (error: ApiError) => error.code === 'AUDIT_BUSY' && /1 is ahead.*timeout/.test(error.message),
      );
      assert.equal(queue.waitingCount, 0, 'not queued');
      running.release();
    });

    it('drops a waiting request when it is cancelled', async () => {
      const queue = new AuditQueue();
      const running = await queue.acquire(Date.now() + 60_000);
      const controller = new AbortController();
      const waiting = queue.acquire(Date.now() + 60_000, controller.signal);
      controller.abort();
      await assert.rejects(
        waiting,
        (error: ApiError) => error.code === 'LIGHTHOUSE_FAILED' && error.details.reason === 'cancelled',
      );
      assert.equal(queue.waitingCount, 0);
      running.release();
    });
  });

  describe('the cookie hand-over policy', () => {
    it('is on for loopback origins by default, opt-in for others, and a request can only turn it off', () => {
      for (const url of [
        'http://localhost:5173/',
        'http://127.0.0.1:8080/a',
        'http://app.localhost/',
        'http://[::1]:3000/',
      ])
        assert.ok(isLoopbackUrl(url), url);
      assert.equal(isLoopbackUrl('https://example.com/'), false);
      assert.equal(handoverAllowed('http://localhost:5173/', 'loopback', undefined).allowed, true);
      assert.equal(handoverAllowed('https://example.com/', 'loopback', true).allowed, false);
      assert.equal(handoverAllowed('https://example.com/', 'all', undefined).allowed, true);
      assert.equal(handoverAllowed('http://localhost:5173/', 'off', true).allowed, false);
      assert.equal(handoverAllowed('http://localhost:5173/', 'loopback', false).allowed, false);
    });

    it('keeps host-only cookies host-only and maps sameSite and expiry to CDP', () => {
      const hostOnly = toCookieParam(
        {
          name: 's',
          value: 'v',
          domain: 'localhost',
          path: '/',
          secure: false,
          httpOnly: true,
          sameSite: 'lax',
          expirationDate: 2_000_000_000,
        },
        'http://localhost:5173/x',
      );
      assert.deepEqual(hostOnly, {
        name: 's',
        value: 'v',
        path: '/',
        secure: false,
        httpOnly: true,
        url: 'http://localhost/',
        sameSite: 'Lax',
        expires: 2_000_000_000,
      });
      const domain = toCookieParam(
        {
          name: 'd',
          value: 'v',
          domain: '.example.com',
          path: '/',
          secure: true,
          httpOnly: false,
          sameSite: 'unspecified',
        },
        'https://app.example.com/',
      );
      assert.deepEqual(domain, {
        name: 'd',
        value: 'v',
        path: '/',
        secure: true,
        httpOnly: false,
        domain: '.example.com',
      });
    });
  });

  it('says what to install or configure when no browser can run an audit, before loading Lighthouse', async () => {
    let loaded = false;
    const service = new AuditService({
      config: defaultConfig().audits,
      bridge: new BrowserBridge(),
      logger: silentLogger,
      findChrome: async () => undefined,
      load: () => ((loaded = true), Promise.reject(new Error('not reached'))),
    });
    await assert.rejects(
      service.run({ url: 'http://localhost:5173/' }),
      (error: ApiError) =>
        error.code === 'LIGHTHOUSE_FAILED' &&
        /Install Google Chrome or Chromium.*CHROME_PATH.*debuggingEndpoint/.test(error.message),
    );
    assert.equal(loaded, false);
    assert.match(service.availability(), /no Chrome or Chromium found/);
  });

  it('reads the audit settings from flags and BROWSER_DEBUG_AUDIT_* variables', () => {
    const overrides = configFromEnvironment(
      { BROWSER_DEBUG_AUDIT_COOKIES: 'off', BROWSER_DEBUG_AUDIT_TIMEOUT_MS: '90000' },
      ['--audit-endpoint', 'http://127.0.0.1:9222'],
    );
    assert.deepEqual(overrides.audits, {
      timeoutMs: 90_000,
      debuggingEndpoint: 'http://127.0.0.1:9222',
      cookieHandover: 'off',
    });
    assert.throws(
      () => configFromEnvironment({ BROWSER_DEBUG_AUDIT_COOKIES: 'everything' }, []),
      /loopback, all or off/,
    );
  });

  it('ranks failing audits by axe impact, then weight, and lists an audit of two categories once', () => {
    const audit = (id: string, impact?: string) => ({
      id,
      title: id,
      description: '',
      score: 0,
      scoreDisplayMode: 'binary',
      details: {
        type: 'table',
        items: [{ node: { type: 'node', selector: `#${id}` } }],
        ...(impact ? { debugData: { impact } } : {}),
      },
    });
    const lhr = {
      audits: {
        'image-alt': audit('image-alt', 'critical'),
        'color-contrast': audit('color-contrast', 'serious'),
        'meta-description': audit('meta-description'),
      },
      categories: {
        accessibility: {
          id: 'accessibility',
          title: 'Accessibility',
          score: 0.5,
          auditRefs: [
            { id: 'color-contrast', weight: 7 },
            { id: 'image-alt', weight: 10 },
          ],
        },
        seo: {
          id: 'seo',
          title: 'SEO',
          score: 0.5,
          auditRefs: [
            { id: 'image-alt', weight: 1 },
            { id: 'meta-description', weight: 1 },
          ],
        },
      },
    } as unknown as Lhr;
    const failing = failingOf(lhr);
    assert.deepEqual(
      failing.map((item) => [item.id, item.severity, item.category]),
      [
        ['image-alt', 'critical', 'accessibility'],
        ['color-contrast', 'serious', 'accessibility'],
        ['meta-description', 'minor', 'seo'],
      ],
    );
    assert.deepEqual(failing[0]!.selectors, ['#image-alt']);
  });

  it('caps the MCP answer per severity: every critical failure, a few minor ones', () => {
    const item = (id: string, severity: FailingAudit['severity']): FailingAudit => ({
      id,
      title: id,
      category: 'accessibility',
      severity,
      score: 0,
      selectors: ['main > img'],
      snippets: [''],
      elementCount: 1,
    });
    const failing = [
      ...Array.from({ length: 12 }, (_, i) => item(`critical-${i}`, 'critical')),
      ...Array.from({ length: 6 }, (_, i) => item(`minor-${i}`, 'minor')),
    ];
    const summary = {
      url: 'http://localhost:5173/',
      finalUrl: 'http://localhost:5173/',
      timestamp: 0,
      device: 'desktop',
      categories: ['accessibility'],
      scores: { accessibility: 0.42 },
      failing,
      opportunities: [],
      report: { jsonPath: '/r/a.report.json', htmlPath: '/r/a.report.html' },
      run: {
        browser: 'headless',
        browserLabel: 'headless chromium',
        waitedMs: 2500,
        queuedBehind: 1,
        durationMs: 8000,
        cookies: { shared: 0, names: [], note: 'No cookies shared.' },
        lighthouseVersion: '12.8.2',
        warnings: [],
      },
    } as AuditSummary;
    const text = auditText(summary);
    assert.equal(text.match(/\[critical\]/g)?.length, 12);
    assert.equal(text.match(/\[minor\]/g)?.length, 3);
    assert.match(text, /…and 3 minor more in the report/);
    assert.match(text, /after waiting 2\.5 s behind 1 other audit/);
    assert.match(text, /Scores \(0–100\): accessibility 42\./);
    assert.match(text, /Full report: \/r\/a\.report\.html/);
  });
});
