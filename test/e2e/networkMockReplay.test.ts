import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '../support/http';
import { actRig } from './support/actRig';
import { until } from './support/chromium';

const RECORDINGS = mkdtempSync(join(tmpdir(), 'bd-mock-replay-'));
const DOWN = { url: '*/order.json', action: 'respond', status: 503, body: '<h1>Service Unavailable</h1>' };

describe('replay against a network mock: "the checkout copes with the order service answering 503"', function () {
  this.timeout(120_000);
  const rig = actRig({ recordings: { dir: RECORDINGS } });
  let recordingId = '';
  after(() => rmSync(RECORDINGS, { recursive: true, force: true }));

  const orderErrors = () =>
    rig.connector.connector.services.store.query(['consoleErrors'], (entry) => /JSON/.test(entry.message), 10).matched;

  it('records the bug while the order service is mocked down', async () => {
    const page = await rig.open('/checkout.html');
    const mocked = await rig.tool('mock_network', DOWN);
    assert.equal(mocked.isError, false, mocked.text);
    const started = await rig.tool('start_recording', { title: 'order service down' });
    recordingId = /Recording (rec-[0-9a-f]+) started/.exec(started.text)![1]!;
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the Recording badge',
    );
    const before = orderErrors();
    await page.click('#place-order');
    await until(() => orderErrors() > before, 10_000, 'the page error');
    const stopped = await rig.tool('stop_recording', { id: recordingId });
    assert.match(stopped.text, /error: .*JSON/, stopped.text);
    await rig.tool('clear_network_mocks');
  });

  it('is not reproduced without the mock: the real order service answers', async () => {
    const answer = await rig.tool('replay_recording', { id: recordingId });
    assert.match(answer.text, /^Verdict: NOT REPRODUCED/, answer.text);
    assert.doesNotMatch(answer.text, /Mocked requests/);
  });

  it('is reproduced with a 503 mock for the replay only, and the verdict names the mocked request', async () => {
    const answer = await rig.tool('replay_recording', { id: recordingId, networkMocks: [DOWN] });
    assert.equal(answer.isError, false, answer.text);
    assert.match(answer.text, /^Verdict: REPRODUCED/, answer.text);
    assert.match(
      answer.text,
      /Network mocks handled 1 request\(s\): POST http:\/\/127\.0\.0\.1:\d+\/order\.json → 503/,
    );
    assert.match(answer.text, /Mocked requests \(1\):\n {2}- POST .*order\.json → 503 by mock-\d+/);
    // The page's error came back; the mocked 503 itself is the premise, not a problem.
    assert.match(answer.text, /Recurring \(happened again\) \(1\):\n {2}- after step \d+: Uncaught SyntaxError/);
    assert.match((await rig.tool('list_network_mocks')).text, /No network mocks/, 'the rule ended with the replay');
  });

  it('is not reproduced once the fix is deployed, over HTTP too', async () => {
    rig.app.fixedCheckout = true;
    const replayed = await request(rig.connector.port, 'POST', `/recordings/${recordingId}/replay`, {
      body: { networkMocks: [DOWN] },
    });
    assert.equal(replayed.status, 200, replayed.text);
    assert.equal(replayed.json.verdict, 'not reproduced', replayed.json.summary);
    assert.equal(replayed.json.mocked.length, 1);
    assert.equal(replayed.json.mocked[0].status, 503);
    const page = rig.browser.context.pages().at(-1)!;
    assert.equal(await page.textContent('#order-status'), 'The order service is unavailable; please retry.');
    const bad = await request(rig.connector.port, 'POST', `/api/v1/recordings/${recordingId}/replay`, {
      body: { networkMocks: [{ url: '*', action: 'delay' }] },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /networkMocks\[0\]: Invalid 'delayMs': delay needs delayMs/);
  });

  it('exports the verified replay as a Playwright test that mocks the order service the same way', async () => {
    const exported = await request(rig.connector.port, 'GET', `/recordings/${recordingId}/export?format=playwright`);
    assert.equal(exported.status, 200, exported.text);
    const text: string = exported.json.text;
    assert.match(
      text,
      /await page\.route\("\*\*\/order\.json", \(route\) => route\.fulfill\(\{ status: 503, body: "<h1>Service Unavailable<\/h1>" \}\)\);/,
    );
    assert.ok(text.indexOf('page.route(') < text.indexOf('page.goto('), 'the mock is in place before the first step');
  });
});
