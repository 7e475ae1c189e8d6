import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import type { LeakReport } from '../../src/shared/leaks';
import { post } from '../support/http';
import { call, httpClient, textOf } from '../support/mcp';
import { until } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';
import { leakRig, openCloseFlow } from './support/leakRig';

/** The line of panels.js where the leaking listener (onResize) is written. */
const LISTENER_LINE = 24;
const RUNS = Number(process.env.LEAK_RUNS ?? 5);

describe('find_leaks: a leak verdict from a recording, in real Chromium', function () {
  this.timeout(600_000);
  const rig = leakRig();
  let site: FixtureServer;
  const ids: Record<string, string> = {};

  before(async () => {
    site = await startFixtureServer();
    await rig.page.goto(`${site.origin}/index.html`);
    for (const name of ['leaky', 'fixed'])
      ids[name] = await rig.importFlow(openCloseFlow(`${site.origin}/leaks/${name}.html`, 'section.panel'));
  });
  after(() => site?.close());

  const findLeaks = (args: Record<string, unknown>) => rig.findLeaks(args);
  const port = () => rig.connector.port;

  it(`names the leak of the leaky panel (detached panel and model, held by the window listener), ${RUNS} of ${RUNS} runs`, async () => {
    for (let run = 1; run <= RUNS; run++) {
      const startedAt = Date.now();
      const answer = await findLeaks({ id: ids.leaky });
      const text = textOf(answer);
      assert.ok(!answer.isError, text);
      assert.match(text, /^Verdict: leak\n/, `run ${run}: ${text}`);
      assert.ok(text.length <= 3000, `${text.length} characters`);
      assert.match(text, /--- page content [0-9a-f]{8} \(untrusted/, 'the groups are fenced page data');
      assert.match(text, /Detached <section>: \+1 per iteration/, text);
      assert.match(text, /PanelModel: \+1 per iteration/, text);
      assert.match(text, new RegExp(`held by: leaks/panels\\.js:${LISTENER_LINE}:`), text);
      assert.doesNotMatch(
        text,
        /PerformanceEventTiming|LargestContentfulPaint|DescriptorArray/,
        'no browser bookkeeping',
      );
      console.log(`      leaky run ${run}: ${Date.now() - startedAt} ms`);
    }
    assert.equal(rig.page.url(), `${site.origin}/index.html`, 'the tab is back on its URL');
  });

  it(`answers no leak for the fixed twin, ${RUNS} of ${RUNS} runs`, async () => {
    for (let run = 1; run <= RUNS; run++) {
      const startedAt = Date.now();
      const text = textOf(await findLeaks({ id: ids.fixed }));
      assert.match(text, /^Verdict: no leak\n/, `run ${run}: ${text}`);
      assert.match(text, /^Heap after GC, iterations 1–5: .+ per iteration\)\.$/m, text);
      console.log(`      fixed run ${run}: ${Date.now() - startedAt} ms`);
    }
  });

  it('answers the JSON verdict over HTTP, and leaves no snapshot behind', async () => {
    const answer = await post(port(), `/recordings/${ids.leaky}/leaks`, { iterations: 3 });
    assert.equal(answer.status, 200, answer.text);
    const report = answer.json as LeakReport;
    assert.equal(report.verdict, 'leak');
    assert.equal(report.iterations, 3);
    assert.ok(report.growthPerIteration.objects > 0 && report.growthPerIteration.bytes > 0);
    assert.deepEqual(
      report.growth.map((sample) => sample.iteration),
      [1, 2, 3],
      'one heap sample per iteration',
    );
    const used = report.growth.map((sample) => sample.usedBytes);
    console.log(`      heap after GC per iteration: ${used.join(', ')} bytes`);
    // Each iteration keeps a panel, its 20 items and a 200-row model: the heap after GC climbs every time.
    for (let i = 1; i < used.length; i++)
      assert.ok(used[i]! > used[i - 1]!, `the leaky heap rises: ${used.join(', ')}`);
    const panel = report.leaks.find((leak) => leak.name === 'Detached <section>');
    assert.ok(panel, JSON.stringify(report.leaks.map((leak) => leak.name)));
    assert.equal(panel.perIteration, 1);
    assert.ok(panel.retainedBytes > 0);
    assert.ok(panel.retainers.includes('onResize()'), panel.retainers.join(' → '));
    assert.deepEqual(
      { file: panel.location?.file, line: panel.location?.line },
      { file: 'leaks/panels.js', line: LISTENER_LINE },
    );
    assert.equal(panel.location?.url, `${site.origin}/leaks/panels.js`);
    assert.ok(report.durationMs > 0 && report.phases.snapshotBytes > 0);
    const left = readdirSync(rig.recordingsDir, { recursive: true }).map(String);
    assert.deepEqual(
      left.filter((name) => name.endsWith('.heapsnapshot')),
      [],
      'snapshots are deleted after the analysis',
    );

    const variantB = await post(port(), `/api/v1/recordings/${ids.fixed}/leaks`, {});
    assert.equal(variantB.status, 200, variantB.text);
    assert.equal(variantB.json.data?.verdict ?? variantB.json.verdict, 'no-leak', variantB.text);
  });

  it("holds the developer's tab for the agent checking it: another agent is refused it until the verdict", async () => {
    const services = rig.connector.connector.services;
    const { tabId } = await services.bridge.command('current-url', {}, 5000);
    // The check passes the lease gate as the only agent, then holds the tab: a second agent comes after that.
    const check = findLeaks({ id: ids.fixed, iterations: 3 });
    await until(() => services.agents.holder(tabId!) !== undefined, 30_000, 'the check holding its tab');
    const { client: other, transport } = await httpClient(port());
    try {
      const refused = textOf(await call(other, 'take_snapshot', {}));
      assert.match(refused, /leased to another agent/, refused);
      const verdict = textOf(await check);
      assert.match(verdict, /^Verdict: no leak\n/, verdict);
      assert.equal(services.agents.holder(tabId!), undefined, 'the hold ends with the check');
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await other.close();
    }
  });

  it('stops when the call is cancelled: the hold ends, no snapshot stays, the tab is back on its URL', async () => {
    const services = rig.connector.connector.services;
    const { tabId } = await services.bridge.command('current-url', {}, 5000);
    const abort = new AbortController();
    const check = rig.mcp
      .callTool({ name: 'find_leaks', arguments: { id: ids.leaky } }, undefined, {
        timeout: 300_000,
        signal: abort.signal,
      })
      .then(
        () => 'answered',
        () => 'cancelled',
      );
    await until(() => services.agents.holder(tabId!) !== undefined, 30_000, 'the check holding its tab');
    abort.abort();
    assert.equal(await check, 'cancelled');
    await until(() => services.agents.holder(tabId!) === undefined, 60_000, 'the check to stop and release its tab');
    const left = readdirSync(rig.recordingsDir, { recursive: true }).map(String);
    assert.deepEqual(
      left.filter((name) => name.endsWith('.heapsnapshot')),
      [],
    );
    await until(() => rig.page.url() === `${site.origin}/index.html`, 30_000, 'the tab back on its URL');
  });

  it('refuses bad input with a clear error in both envelopes and as isError', async () => {
    const unknown = await post(port(), '/recordings/rec-000000000000/leaks', {});
    assert.equal(unknown.status, 404, unknown.text);
    const tooMany = await post(port(), `/recordings/${ids.leaky}/leaks`, { iterations: 50 });
    assert.equal(tooMany.status, 400, tooMany.text);
    assert.match(tooMany.text, /iterations/);
    const answer = await findLeaks({ id: ids.leaky, iterations: 2 });
    assert.ok(answer.isError);
    assert.match(textOf(answer), /iterations/);
    const missing = await findLeaks({ id: 'rec-000000000000' });
    assert.ok(missing.isError);
    assert.match(textOf(missing), /rec-000000000000/);
  });
});
