import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { get, post } from '../support/http';
import { actRig } from './support/actRig';
import { requireChromium } from './support/chromium';
import { makeProject, run } from './support/exportProject';
import { startFramesApp, type FramesApp } from './support/framesApp';
import { payFrame, recorded, sameFrame } from './support/framesRecording';

type Entry = Record<string, any>;

describe('recording in shadow roots and frames, replayed and exported (#33)', function () {
  this.timeout(90_000);
  const rig = actRig();
  let app: FramesApp;
  let page: Page;

  before(async () => {
    app = await startFramesApp();
  });
  after(() => app?.close());

  let recordingId: string;
  let flow: { id: string; steps: Entry[] };

  it('records a click in an open shadow root and a fill in a closed one as host-to-element chains', async () => {
    page = await rig.open(`${app.origin}/index.html`);
    flow = await recorded(rig.connector.port, page, 'shadow roots', async () => {
      await page.click('#open-host .go');
      const closed = (await page.locator('#closed-host').boundingBox())!;
      await page.mouse.click(closed.x + 250, closed.y + 12);
      await page.keyboard.type('4242');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.getElementById('status')!.dataset.closed), '4242');
    });
    recordingId = flow.id;
    const click = flow.steps.find((step) => step.type === 'click')!;
    assert.deepEqual(click.selectors[0], ['#open-host', 'button'], JSON.stringify(click));
    const change = flow.steps.find((step) => step.type === 'change')!;
    assert.equal(change.value, '4242');
    // @medv/finder's shortest unique selector inside the closed root: its word-like class, not a tag path.
    assert.deepEqual(change.selectors[0], ['#closed-host', '.field'], JSON.stringify(change));
  });

  it("replays them: the open root's button is clicked for real and the closed root's field filled", async () => {
    await page.reload();
    const replayed = await post(rig.connector.port, `/recordings/${recordingId}/replay`, {});
    assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
    assert.notEqual(replayed.json.verdict, 'diverged', JSON.stringify(replayed.json).slice(0, 800));
    assert.deepEqual(await page.evaluate(() => (window as any).shadowClicks), [{ name: 'open', trusted: true }]);
    assert.equal(await page.evaluate(() => document.getElementById('status')!.dataset.closed), '4242');
  });

  let framedId: string;

  it('records clicks in the same-origin and the cross-origin iframe with their frame paths', async () => {
    page = await rig.open(`${app.origin}/index.html`);
    const [same, pay] = await Promise.all([sameFrame(page, app), payFrame(page, app)]);
    const flow = await recorded(rig.connector.port, page, 'frames', async () => {
      await same.click('#same-button');
      await pay.fill('#card-number', '4242 4242');
      await pay.click('#pay-button');
      assert.equal(await pay.textContent('#paid'), 'paid (trusted)');
    });
    framedId = flow.id;
    const steps = flow.steps as Entry[];
    const clicks = steps.filter((step) => step.type === 'click');
    assert.deepEqual(
      clicks.map((step) => [step.frame, step.selectors.find((chain: string[]) => chain[0]!.startsWith('#'))]),
      [
        [[1], ['#same-button']],
        [[0], ['#pay-button']],
      ],
      JSON.stringify(steps),
    );
    const change = steps.find((step) => step.type === 'change')!;
    // A card number is a secret: the step holds its placeholder, the value stays in the connector's memory.
    assert.deepEqual([change.frame, change.value], [[0], '{{secret:card-number}}']);
    assert.equal(await pay.locator('#__browser-debug-recording-badge').count(), 0, 'one badge, in the top page');
  });

  it('replays the steps in both frames: the cross-origin fill and click land there, trusted', async () => {
    await page.reload();
    const replayed = await post(rig.connector.port, `/recordings/${framedId}/replay`, {});
    assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
    assert.notEqual(replayed.json.verdict, 'diverged', JSON.stringify(replayed.json).slice(0, 800));
    const [same, pay] = await Promise.all([sameFrame(page, app), payFrame(page, app)]);
    assert.equal(await same.evaluate(() => document.body.dataset.clicked), 'yes', 'clicked in the same-origin frame');
    // The secret card number came back from the connector's memory, typed into the other site's field.
    assert.equal(await pay.inputValue('#card-number'), '4242 4242');
    assert.equal(await pay.textContent('#paid'), 'paid (trusted)', 'a real click in the cross-origin frame');
  });

  it('exports it for Playwright with frameLocator, and the spec clicks in both frames under real @playwright/test', async function () {
    const exported = await get(rig.connector.port, `/recordings/${framedId}/export?format=playwright`);
    assert.equal(exported.status, 200, exported.text);
    const spec = String(exported.json.text ?? exported.json.data?.text ?? exported.json.code);
    assert.match(spec, /\(await frameAt\(page, \[1\]\)\)\.locator\("css=#same-button"\)\.click/);
    assert.match(spec, /\(await frameAt\(page, \[0\]\)\)\.locator\("css=#pay-button"\)\.click/);
    const project = makeProject(requireChromium(this));
    try {
      mkdirSync(join(project, 'e2e/specs'), { recursive: true });
      // The spec ends by proving both clicks landed: the same-origin frame's mark and the pay frame's text.
      const proof = [
        "  await expect(page.frameLocator('iframe, frame').nth(1).locator('body')).toHaveAttribute('data-clicked', 'yes');",
        "  await expect(page.frameLocator('iframe, frame').nth(0).locator('#paid')).toHaveText('paid (trusted)');",
        '});',
      ].join('\n');
      const end = spec.lastIndexOf('});');
      writeFileSync(join(project, 'e2e/specs/frames.spec.ts'), spec.slice(0, end) + proof + spec.slice(end + 3));
      const env = { BASE_URL: app.origin, BROWSER_DEBUG_SECRET_CARD_NUMBER: '4242 4242', CI: '1' };
      const ran = await run('npx', ['--no-install', 'playwright', 'test'], project, env);
      assert.equal(ran.code, 0, ran.output.slice(-3000));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
