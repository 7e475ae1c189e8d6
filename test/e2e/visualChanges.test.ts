/**
 * #35 visual changes: a replay screenshots each settled step and compares it with the recording's baseline (the
 * first passing replay). Real Chromium with our extension, the connector's HTTP API and a real MCP SDK client,
 * on a checkout page that spins, fades in, ticks a timer and shows a caret on purpose.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { ReplayVerdict } from '../../src/shared/recording';
import { post } from '../support/http';
import { call, textOf } from '../support/mcp';
import { listenOnLoopback } from '../support/staticFiles';
import { recordingRig } from './support/recordingRig';

const PAGE = readFileSync(join(__dirname, 'fixtures/visual/index.html'), 'utf8');

describe('visual changes of replays, named by component', function () {
  this.timeout(240_000);
  const rig = recordingRig();
  let colour = 'rgb(0, 120, 60)';
  let site: Awaited<ReturnType<typeof listenOnLoopback>>;
  let recordingId = '';

  before(async () => {
    site = await listenOnLoopback(
      createServer((req, res) => {
        if (req.url === '/colour.js')
          return res
            .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
            .end(`window.BUY_COLOUR = ${JSON.stringify(colour)};`);
        const html = PAGE.replace('<script>', '<script src="/colour.js"></script>\n    <script>');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
      }),
    );
    await rig.page.setViewportSize({ width: 1280, height: 800 });
    await rig.page.goto(`${site.origin}/`);
    await rig.page.bringToFront();
    const flow = {
      title: 'checkout',
      steps: [
        { type: 'navigate', url: `${site.origin}/` },
        { type: 'click', selectors: [['#add']], offsetX: 5, offsetY: 5 },
        { type: 'change', selectors: [['#note']], value: 'gift' },
      ],
    };
    const imported = await post(rig.connector.port, '/recordings/import', { flow });
    assert.equal(imported.status, 200, JSON.stringify(imported.json));
    recordingId = imported.json.id;
  });
  after(async () => site?.close());

  const replay = async (body: Record<string, unknown> = {}): Promise<ReplayVerdict> => {
    const { status, json } = await post(rig.connector.port, `/recordings/${recordingId}/replay`, body);
    assert.equal(status, 200, JSON.stringify(json));
    return json as unknown as ReplayVerdict;
  };

  it('keeps the first passing replay as the baseline, one 0600 PNG per step', async () => {
    const first = await replay();
    assert.equal(first.verdict, 'not reproduced', first.summary);
    assert.equal(first.visual?.state, 'baseline', JSON.stringify(first.visual));
    assert.deepEqual(first.visualChanges, []);
    const folder = join(rig.recordingsDir, 'visual', recordingId);
    assert.deepEqual(readdirSync(folder).sort(), ['baseline.json', 'step-0.png', 'step-1.png', 'step-2.png']);
    for (const name of readdirSync(folder)) assert.equal(statSync(join(folder, name)).mode & 0o777, 0o600, name);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
  });

  it('reports 0 visual changes in 5 unchanged replays (spinner, fade-in, caret and timer settled or masked)', async () => {
    for (let run = 1; run <= 5; run++) {
      const verdict = await replay();
      assert.equal(verdict.visual?.state, 'compared', JSON.stringify(verdict.visual));
      assert.equal(verdict.visual?.stepsCompared, 3, JSON.stringify(verdict.visual));
      assert.deepEqual(verdict.visualChanges, [], `run ${run}: ${JSON.stringify(verdict.visualChanges)}`);
    }
    // The page was left as it was: the style that settled it is gone, and the spinner spins again.
    const page = await rig.page.evaluate(() => ({
      styles: document.querySelectorAll('style').length,
      running: document.getAnimations().filter((animation) => animation.playState === 'running').length,
    }));
    assert.deepEqual(page, { styles: 1, running: 1 });
  });

  it("gives exactly one visual change for the button's new colour, named by its component, in MCP and HTTP", async () => {
    colour = 'rgb(200, 30, 30)';
    const result = await call(rig.mcp, 'replay_recording', { id: recordingId });
    const text = textOf(result);
    assert.equal(result.isError, undefined, text);
    assert.match(text, /^Visual: 3 steps compared with the baseline of .* UTC: 1 visual change\.$/m, text);
    assert.match(
      text,
      /visual change at step 2: <button\.buy> in CheckoutButton \(src\/Checkout\.tsx:42\), \d+×\d+ at \(\d+, \d+\)/,
      text,
    );
    // The element and component names are the page's: they sit inside the fence.
    const fenceStart = text.indexOf('--- page content');
    assert.ok(fenceStart >= 0 && fenceStart < text.indexOf('visual change at step'), text);

    const verdict = await replay();
    assert.equal(verdict.visualChanges?.length, 1, JSON.stringify(verdict.visualChanges));
    const [change] = verdict.visualChanges!;
    assert.equal(change!.step, 1);
    assert.equal(change!.element, '<button.buy>');
    assert.deepEqual(change!.component, { name: 'CheckoutButton', source: 'src/Checkout.tsx:42', line: 42 });
    const button = await rig.page.locator('button.buy').boundingBox();
    assert.ok(button, 'the button is on the page');
    for (const [key, value] of Object.entries({ x: button.x, y: button.y, width: button.width, height: button.height }))
      assert.ok(Math.abs(change!.box[key as 'x'] - value) <= 3, `${key}: ${change!.box[key as 'x']} vs ${value}`);
  });

  it('takes no shots with visual: false, and refuses a visual that is not a boolean', async () => {
    const verdict = await replay({ visual: false });
    assert.equal(verdict.visual?.state, 'off');
    const bad = await post(rig.connector.port, `/recordings/${recordingId}/replay`, { visual: 'yes' });
    assert.equal(bad.status, 400, JSON.stringify(bad.json));
    assert.match(JSON.stringify(bad.json), /Invalid 'visual': expected true or false/);
  });
});
