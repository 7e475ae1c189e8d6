import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { get, post } from '../support/http';
import { actRig } from './support/actRig';
import { requireChromium } from './support/chromium';
import { typeCheckCypressSpec } from './support/cypressTypes';
import { makeProject, run } from './support/exportProject';
import { startFramesApp, type FramesApp } from './support/framesApp';
import { CARD_NUMBER, recordCheckoutFlow, recordFramesFlow } from './support/framesRecording';

type Entry = Record<string, any>;

/** Printed by the proof lines the test adds at the end of the exported script: what the page holds then. */
const PROOF = [
  '  // Added by the test: what the steps did to the page, read in its own documents.',
  "  const sameFrame = page.frames().find((candidate) => candidate.url().endsWith('/same.html'));",
  "  const payFrame = page.frames().find((candidate) => candidate.url().includes('pay.localhost'));",
  '  console.log(`PROOF ${JSON.stringify({',
  '    shadowClicks: await page.evaluate(() => window.shadowClicks),',
  '    sameClicked: await sameFrame.evaluate(() => document.body.dataset.clicked),',
  "    cardNumber: await payFrame.$eval('#card-number', (input) => input.value),",
  "    paid: await payFrame.$eval('#paid', (paid) => paid.textContent),",
  '  })}`);',
].join('\n');

/** Added at the end of the exported Playwright spec: the same proof, as web-first assertions. */
const PLAYWRIGHT_PROOF = [
  '  // Added by the test: what the steps did to the page, read in its own documents.',
  "  await expect.poll(() => page.evaluate(() => (window as any).shadowClicks)).toEqual([{ name: 'open', trusted: true }]);",
  "  await expect(page.frameLocator('iframe, frame').nth(1).locator('body')).toHaveAttribute('data-clicked', 'yes');",
  "  await expect(page.frameLocator('iframe, frame').nth(0).locator('#card-number')).toHaveValue(CARD);",
  "  await expect(page.frameLocator('iframe, frame').nth(0).locator('#paid')).toHaveText('paid (trusted)');",
  '});',
]
  .join('\n')
  .replace('CARD', JSON.stringify(CARD_NUMBER));

/** Added before the checkout spec's regression checks: each frame's effect, read in the frame found by its URL. */
const CHECKOUT_PROOF = [
  '  // Added by the test: what the steps did to the page, read in its own documents.',
  "  const sameFrame = page.frames().find((candidate) => candidate.url().endsWith('/same.html'))!;",
  "  const payFrame = page.frames().find((candidate) => candidate.url().includes('pay.localhost'))!;",
  "  await expect(sameFrame.locator('body')).toHaveAttribute('data-clicked', 'yes');",
  "  await expect(payFrame.locator('#card-number')).toHaveValue(CARD);",
  "  await expect(payFrame.locator('#paid')).toHaveText('paid (trusted)');",
  "  console.log('PROOF held');",
  '',
]
  .join('\n')
  .replace('CARD', JSON.stringify(CARD_NUMBER));

describe('exports of a recording in frames and shadow roots, run for real (#33)', function () {
  this.timeout(120_000);
  const rig = actRig();
  let app: FramesApp;
  let page: Page;
  let recordingId: string;

  before(async () => {
    app = await startFramesApp();
  });
  after(() => app?.close());

  it('records a click in an open shadow root and in the same-origin frame, a fill and a click in the cross-origin frame', async () => {
    page = await rig.open(`${app.origin}/index.html`);
    const recorded = await recordFramesFlow(rig.connector.port, page, app);
    recordingId = recorded.id;
    const where = recorded.steps
      .filter((step: Entry) => step.type === 'click' || step.type === 'change')
      .map((step: Entry) => [
        step.type,
        step.frame,
        step.selectors.find((chain: string[]) => chain[0]!.startsWith('#')),
      ]);
    assert.deepEqual(
      where,
      [
        ['click', undefined, ['#open-host', 'button']],
        ['click', [1], ['#same-button']],
        ['change', [0], ['#card-number']],
        ['click', [0], ['#pay-button']],
      ],
      JSON.stringify(recorded.steps),
    );
  });

  it('exports Puppeteer with frame lookups, and node runs it with real puppeteer-core: every step lands', async function () {
    const { code, output, script, proof } = await runPuppeteerExport(this, recordingId);
    assert.equal(code, 0, output.slice(-3000));
    assert.match(
      script,
      /targetPage\.locator\('#open-host >>>> button'\)/,
      'the shadow chain as a deep-child P selector',
    );
    assert.deepEqual(proof, {
      shadowClicks: [{ name: 'open', trusted: true }],
      sameClicked: 'yes',
      cardNumber: CARD_NUMBER,
      paid: 'paid (trusted)',
    });
  });

  it('exports Playwright, and @playwright/test runs it: the open shadow root and both frames get the steps', async function () {
    const exported = await get(rig.connector.port, `/recordings/${recordingId}/export?format=playwright`);
    assert.equal(exported.status, 200, exported.text);
    const spec: string = exported.json.text;
    const project = makeProject(requireChromium(this));
    try {
      mkdirSync(join(project, 'e2e/specs'), { recursive: true });
      const end = spec.lastIndexOf('});');
      writeFileSync(
        join(project, 'e2e/specs/frames.spec.ts'),
        spec.slice(0, end) + PLAYWRIGHT_PROOF + spec.slice(end + 3),
      );
      const env = { BASE_URL: app.origin, BROWSER_DEBUG_SECRET_CARD_NUMBER: CARD_NUMBER, CI: '1' };
      const ran = await run('npx', ['--no-install', 'playwright', 'test'], project, env);
      assert.equal(ran.code, 0, `${ran.output.slice(-3000)}\n${spec}`);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("exports Cypress: the same-origin frame through window.frames, a note on cross-origin frames, and tsc passes it against Cypress's own types", async () => {
    const exported = await get(rig.connector.port, `/recordings/${recordingId}/export?format=cypress`);
    assert.equal(exported.status, 200, exported.text);
    const spec: string = exported.json.text;
    const inFrame = (index: number, selector: string) =>
      `cy.window().its("frames.${index}.document.body").should('not.be.empty').then(cy.wrap).find("${selector}")`;
    assert.ok(spec.includes(`${inFrame(1, '#same-button')}.click();`), spec);
    assert.ok(spec.includes(`${inFrame(0, '#pay-button')}.click();`), spec);
    assert.ok(spec.includes('cy.get("#open-host").shadow().find("button").click();'), spec);
    // Cypress cannot drive a cross-origin frame (its Web Security guide): the spec says so, and what would.
    assert.match(
      spec,
      /A cross-origin frame .* is out of its reach unless cypress\.config sets\n\/\/ chromeWebSecurity: false/,
    );
    assert.match(spec, /cy\.origin\(\) is for top-level navigations, not frames/);
    // Each step in the pay frame is marked, as the browser reported its origin; the same-origin frame's is not.
    const marked = spec.split('\n').filter((line) => line.includes('was another origin when recorded'));
    assert.deepEqual(
      marked.map((line) => line.trim()),
      [
        '// Frame [0] was another origin when recorded: this step needs chromeWebSecurity: false.',
        '// Frame [0] was another origin when recorded: this step needs chromeWebSecurity: false.',
      ],
    );
    const checked = await typeCheckCypressSpec(exported.json.fileName, spec);
    assert.equal(checked.code, 0, checked.output);
  });

  let checkoutId: string;

  it('records a card form that a click inserts late, before the same-origin frame: its index is its place among the frames', async () => {
    page = await rig.open(`${app.origin}/checkout.html`);
    const recorded = await recordCheckoutFlow(rig.connector.port, page, app);
    checkoutId = recorded.id;
    assert.deepEqual(
      recorded.steps.filter((step) => step.type === 'click' || step.type === 'change').map((step) => step.frame),
      [[0], undefined, [1], [1]],
      JSON.stringify(recorded.steps),
    );
    // The page's heading is also named "Checkout": an aria/ selector would name it first, so the button has none.
    const checkout = recorded.steps.find((step) => step.type === 'click' && step.frame === undefined)!;
    assert.deepEqual(checkout.selectors[0], ['#checkout'], JSON.stringify(checkout));
  });

  it('replays it by the same frame order: the card form a replayed click inserts is waited for, filled and paid', async () => {
    await page.reload();
    const replayed = await post(rig.connector.port, `/recordings/${checkoutId}/replay`, {});
    assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
    assert.notEqual(replayed.json.verdict, 'diverged', JSON.stringify(replayed.json).slice(0, 800));
    const same = page.frames().find((frame) => frame.url() === `${app.origin}/same.html`)!;
    assert.equal(await same.evaluate(() => document.body.dataset.clicked), 'yes', 'frames[0] is the same-origin frame');
    const pay = page.frames().find((frame) => frame.url().startsWith(app.payOrigin))!;
    assert.ok(pay, 'the replayed Checkout click inserted the card form');
    assert.equal(
      await pay.inputValue('#card-number'),
      CARD_NUMBER,
      'frames[1] is the card form, first in the document',
    );
    assert.equal(await pay.textContent('#paid'), 'paid (trusted)');
  });

  it('exports Puppeteer that waits for the late frame, and the card is filled and paid there for real', async function () {
    const { code, output, script, proof } = await runPuppeteerExport(this, checkoutId);
    assert.match(
      script,
      /await frameAttached\(\[1\]\);\n\s*\{\n\s*const targetPage = page;\n\s*let frame = targetPage\.mainFrame\(\);\n\s*frame = frame\.childFrames\(\)\[1\];/,
    );
    assert.deepEqual(proof, { sameClicked: 'yes', cardNumber: CARD_NUMBER, paid: 'paid (trusted)' });
    // The card form logged its errors while recording, so they are the flow's bug: Puppeteer sees them come back
    // from the out-of-process frame, and the exported check fails on them.
    assert.equal(code, 1);
    assert.match(output, /The bug's error came back: (pay frame: card form failed to load|pay frame exploded)/);
  });

  it('exports Playwright that finds the late card form by frame order, and @playwright/test fills and pays there', async function () {
    const exported = await get(rig.connector.port, `/recordings/${checkoutId}/export?format=playwright`);
    assert.equal(exported.status, 200, exported.text);
    const spec: string = exported.json.text;
    // The card form is first in the document but frames[1]: `frameLocator('iframe, frame').nth(1)` is the wrong one.
    assert.match(spec, /await change\(\(await frameAt\(page, \[1\]\)\)\.locator\(/);
    const end = spec.indexOf('  // Regression checks');
    assert.ok(end > 0, spec);
    const project = makeProject(requireChromium(this));
    try {
      mkdirSync(join(project, 'e2e/specs'), { recursive: true });
      writeFileSync(join(project, 'e2e/specs/checkout.spec.ts'), spec.slice(0, end) + CHECKOUT_PROOF + spec.slice(end));
      const env = { BASE_URL: app.origin, BROWSER_DEBUG_SECRET_CARD_NUMBER: CARD_NUMBER, CI: '1' };
      const ran = await run('npx', ['--no-install', 'playwright', 'test'], project, env);
      // Every frame showed its step's effect; then the check fails on the card form's errors, the flow's bug.
      assert.match(ran.output, /^PROOF held$/m, `${ran.output.slice(-3000)}\n${spec}`);
      assert.equal(ran.code, 1, ran.output.slice(-3000));
      assert.match(ran.output, /the bug's errors do not come back[\s\S]*"pay frame: card form failed to load"/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('exports Cypress for the late frame by its place among the frames, not in the document, and it type-checks', async () => {
    const exported = await get(rig.connector.port, `/recordings/${checkoutId}/export?format=cypress`);
    assert.equal(exported.status, 200, exported.text);
    const spec: string = exported.json.text;
    // The card form is first in the document but frames[1]: `cy.get('iframe').eq(0)` would be the wrong frame.
    assert.ok(spec.includes('cy.window().its("frames.0.document.body")'), spec);
    assert.ok(spec.includes('cy.window().its("frames.1.document.body")'), spec);
    assert.ok(!spec.includes('.eq('), spec);
    const checked = await typeCheckCypressSpec(exported.json.fileName, spec);
    assert.equal(checked.code, 0, checked.output);
  });

  /**
   * Exports the recording for Puppeteer and runs it with node in a user's project: its exit code and output, and
   * what the page held after the last step (printed by the proof lines, added before the regression checks).
   */
  async function runPuppeteerExport(test: Mocha.Context, id: string) {
    const exported = await get(rig.connector.port, `/recordings/${id}/export?format=puppeteer`);
    assert.equal(exported.status, 200, exported.text);
    const script: string = exported.json.text;
    const project = makeProject(requireChromium(test));
    try {
      mkdirSync(join(project, 'puppeteer'), { recursive: true });
      const end = script.indexOf('  // Regression checks');
      assert.ok(end > 0, script);
      const file = join(project, 'puppeteer', exported.json.fileName);
      writeFileSync(file, `${script.slice(0, end)}${PROOF}\n${script.slice(end)}`);
      const env = { BASE_URL: app.origin, BROWSER_DEBUG_SECRET_CARD_NUMBER: CARD_NUMBER };
      const ran = await run(process.execPath, [file], project, env);
      const proof = ran.output.match(/^PROOF (.*)$/m)?.[1];
      assert.ok(proof, `${ran.output.slice(-3000)}\n${script}`);
      return { ...ran, script, proof: JSON.parse(proof) as Entry };
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
});
