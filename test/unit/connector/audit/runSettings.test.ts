import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { loadLighthouse } from '../../../../src/connector/audit/lighthouseModules';
import { lighthouseFlags } from '../../../../src/connector/audit/lighthouseRun';
import { cacheMessageFormat } from '../../../../src/connector/audit/messageFormatCache';
import { slimConfig } from '../../../../src/connector/audit/slimConfig';

describe('audits: what a run skips', () => {
  const desktop = { formFactor: 'desktop' };

  it('shortens the quiet windows to 0.5 s with simulated throttling, and keeps Lighthouse’s own for real throttling', () => {
    const simulated = lighthouseFlags(
      { url: 'http://127.0.0.1/', categories: ['performance', 'seo'] },
      desktop,
      30_000,
    );
    assert.equal(simulated.networkQuietThresholdMs, 500);
    assert.equal(simulated.cpuQuietThresholdMs, 500);
    const real = lighthouseFlags(
      { url: 'http://127.0.0.1/', categories: ['performance'], throttling: { requestLatencyMs: 150 } },
      desktop,
      30_000,
    );
    assert.equal(real.throttlingMethod, 'devtools');
    assert.equal(real.networkQuietThresholdMs, undefined, 'Lighthouse’s 1 s default applies');
    const noPerformance = lighthouseFlags({ url: 'http://127.0.0.1/', categories: ['seo'] }, desktop, 30_000);
    assert.equal(noPerformance.networkQuietThresholdMs, 250);
  });

  it('leaves out the back/forward cache test, which no score reads, and keeps every weighted audit', async function () {
    this.timeout(30_000);
    const { defaultConfig } = await loadLighthouse();
    const all = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
    const slim = slimConfig(defaultConfig!, all);
    const refs = Object.values(slim.categories!).flatMap((category) => category.auditRefs);
    assert.ok(!refs.some((ref) => ref.id === 'bf-cache'));
    const weighted = Object.values(defaultConfig!.categories!)
      .flatMap((category) => category.auditRefs as { id: string; weight?: number }[])
      .filter((ref) => (ref.weight ?? 0) > 0)
      .map((ref) => ref.id);
    for (const id of weighted)
      assert.ok(
        refs.some((ref) => ref.id === id),
        `${id} is kept`,
      );
  });

  it('caches the locale and message parsing of Lighthouse’s message formatter, with the same output', async function () {
    this.timeout(30_000);
    const { defaultConfig } = await loadLighthouse();
    assert.ok(defaultConfig);
    const lighthouseDir = dirname(createRequire(__filename).resolve('lighthouse'));
    assert.equal(cacheMessageFormat(lighthouseDir), true);
    const exported = createRequire(require.resolve('lighthouse/shared/localization/format.js'))('intl-messageformat');
    const Format = exported.IntlMessageFormat ?? exported;
    const message = '{count, plural, =1 {1 request} other {# requests}} • {size, number} KiB';
    const first = new Format(message, 'en-US').format({ count: 3, size: 1234 });
    const again = new Format(message, 'en-US').format({ count: 1, size: 5 });
    assert.equal(first, '3 requests • 1,234 KiB');
    assert.equal(again, '1 request • 5 KiB');
    assert.equal(Format.resolveLocale('en-US'), Format.resolveLocale('en-US'), 'one locale object');
    const options = { ignoreTag: true, locale: Format.resolveLocale('en-US') };
    assert.equal(Format.__parse(message, options), Format.__parse(message, { ...options }), 'parsed once');
    const located = { ...options, captureLocation: true };
    assert.notEqual(Format.__parse(message, located), Format.__parse(message, located), 'other options: not cached');
  });
});
