import assert from 'node:assert/strict';
import { startTestConnector } from '../support/connector';
import { get, post } from '../support/http';
import { call, textOf } from '../support/mcp';
import { connectExtension, until } from './support/chromium';
import { recordingRig } from './support/recordingRig';
import { recorderOpening } from './support/shopServer';

describe('recordings started elsewhere: a Recorder export, the popup, a recording kept over a connector restart', function () {
  this.timeout(120_000);
  const rig = recordingRig();
  // A replay runs in the tab at hand, which must be in scope (a new tab's about:blank is not).
  before(async () => {
    await rig.page.goto(`${rig.shop.origin}/`);
  });

  it('imports a hand-written DevTools Recorder export and replays it', async () => {
    const exported = {
      title: 'Order two white teas',
      steps: [
        ...recorderOpening(rig.shop.origin),
        { type: 'change', value: 'bob', selectors: [['aria/User name'], ['#user']], target: 'main' },
        { type: 'change', value: 'pw', selectors: [['#password']], target: 'main' },
        {
          type: 'click',
          target: 'main',
          selectors: [['aria/Sign in[role="button"]'], ['#signin > button']],
          offsetX: 20,
          offsetY: 8,
        },
        { type: 'waitForElement', selectors: [['#tea']] },
        { type: 'change', value: 'white', selectors: [['aria/Tea'], ['#tea']], target: 'main' },
        { type: 'change', value: '2', selectors: [['aria/Quantity'], ['#qty']], target: 'main' },
        { type: 'click', target: 'main', selectors: [['[data-testid="add"]']], offsetX: 10, offsetY: 5 },
        { type: 'waitForElement', selectors: [['text/Added 2 × white']] },
      ],
    };
    const imported = textOf(await call(rig.mcp, 'import_recording', { flow: JSON.stringify(exported) }));
    const id = /Imported as (rec-[0-9a-f]+)/.exec(imported)?.[1];
    assert.ok(id, imported);
    const verdict = textOf(await call(rig.mcp, 'replay_recording', { id }));
    assert.match(verdict, /Steps run: 10 of 10/);
    assert.match(verdict, /^Verdict: NOT REPRODUCED/);
    assert.deepEqual(rig.shop.orders.at(-1), { tea: 'white', qty: 2 });
  });

  it('Record and Stop in the popup record the tab (here the locked one, since the popup opens as a tab)', async () => {
    await rig.page.goto(`${rig.shop.origin}/`);
    const tabId = await rig.browser.worker.evaluate(
      async (origin) => (await chrome.tabs.query({ url: `${origin}/*` }))[0]!.id!,
      rig.shop.origin,
    );
    await rig.browser.worker.evaluate(
      ([port, tab]) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [tab], captureBodies: false, port },
        }),
      [rig.connector.port, tabId] as const,
    );
    const popup = await rig.browser.context.newPage();
    await popup.goto(`chrome-extension://${new URL(rig.browser.worker.url()).host}/popup.html`);
    await popup.click('#record');
    await popup.locator('#recordResult', { hasText: /Recording rec-/ }).waitFor({ timeout: 15_000 });
    await until(
      () => rig.page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the badge',
    );
    await rig.page.fill('#user', 'carol');
    await rig.page.click('button:has-text("Sign in")');
    // Playwright dismisses the dialog; the recording's timeline notes it.
    await rig.page.evaluate(() => alert('Welcome back'));
    await rig.page.click('#user');
    await rig.page.keyboard.press('Control+A');
    await popup.locator('#record', { hasText: /Stop recording \(\d+ steps\)/ }).waitFor({ timeout: 15_000 });
    await popup.click('#record');
    const saved = await popup.locator('#recordResult', { hasText: /Saved rec-/ }).textContent();
    const id = /rec-[0-9a-f]+/.exec(saved ?? '')![0];
    const detail = await get(rig.connector.port, `/recordings/${id}`);
    assert.deepEqual(
      detail.json.flow.steps.map((step: { type: string; key?: string }) => step.key ?? step.type),
      ['setViewport', 'navigate', 'change', 'click', 'click', 'Control', 'A', 'A', 'Control'],
    );
    assert.equal(detail.json.flow.steps[2].value, 'carol');
    assert.ok(
      detail.json.timeline.some(
        (entry: { kind: string; text: string; step: number }) =>
          entry.kind === 'dialog' && entry.text === 'alert: Welcome back' && entry.step === 3,
      ),
      JSON.stringify(detail.json.timeline),
    );
    await popup.close();
    await rig.browser.worker.evaluate(
      (port) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port },
        }),
      rig.connector.port,
    );
    // The replay holds Control for the shortcut: the click put the caret in the field, Ctrl+A selects all of it.
    const replayed = await post(rig.connector.port, `/recordings/${id}/replay`, {});
    assert.equal(replayed.json.stepsRun, 9, replayed.json.summary);
    assert.deepEqual(
      await rig.page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement;
        return [field.id, field.selectionStart, field.selectionEnd];
      }),
      ['user', 0, 5],
    );
  });

  it('keeps a recording the browser went on with while the connector restarted: Stop saves it', async () => {
    const started = await post(rig.connector.port, '/recordings', { title: 'before the restart' });
    await until(
      () => rig.page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the badge',
    );
    const later = await startTestConnector({ recordings: { dir: rig.recordingsDir } });
    try {
      await connectExtension(rig.browser.worker, later.port);
      await rig.page.fill('#user', 'dave');
      await rig.page.click('#password');
      const stopped = await post(later.port, `/recordings/${started.json.id}/stop`, {});
      assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
      assert.equal(stopped.json.id, started.json.id);
      assert.ok(stopped.json.flow.steps.some((step: { value?: string }) => step.value === 'dave'));
    } finally {
      await connectExtension(rig.browser.worker, rig.connector.port);
      await later.stop();
    }
  });
});
