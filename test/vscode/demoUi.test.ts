/**
 * The README's animated demo (docs/images/demo.png), taken while the real flow is checked, so it stays current:
 * the page throws → the error shows in the Browser Debug console → a click opens the line → Ask Copilot to Fix
 * puts the prompt in the chat → after the fix, a replay of the recorded steps says "not reproduced".
 * Each step is asserted, then photographed under a caption. The animation goes to .test-artifacts/pictures, and to
 * docs/images only when asked (`npm run pictures`, BROWSER_DEBUG_PICTURES=docs): a test run leaves the tree clean.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startShopServer, type ShopServer } from '../e2e/support/shopServer';
import { callerHeaders } from '../support/callerSecret';
import { until } from '../support/until';
import { captioned, DEMO_PICTURE, DEMO_SIZE, describeApng, writeApng, type DemoFrame } from './support/demoFrames';
import { animationsSettled } from './support/settledPicture';
import { ROOT } from './support/suiteBuild';
import { ARTIFACTS, clickAction, expandView, openSideBar, runCommand, startUiRig, type UiRig } from './support/uiRig';

const PICTURES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs' ? join(ROOT, 'docs', 'images') : join(ARTIFACTS, 'pictures');
const SHOP = join(ROOT, 'test', 'e2e', 'fixtures', 'shop');
const ERROR = 'Order failed with status 500';
/** The README shows it inline: keep it light. */
const MAX_BYTES = 300 * 1024;

describe('VS Code UI: the README demo, from a console error to a replay that says "not reproduced" (code-server, the VSIX installed)', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let shop: ShopServer;
  let page: Page;
  let composer: Page;
  const frames: DemoFrame[] = [];
  /** Where the shop throws (1-based), read from its source in step 3. */
  let line = 0;
  let column = 0;

  before(async function () {
    // The chat opens when "Ask Copilot to Fix" needs it; until then the editor has its room.
    rig = await startUiRig(this, {
      settings: {
        'workbench.colorTheme': 'Default Dark Modern',
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
      },
    });
    // The frame's shape, so a screenshot is scaled, not cropped: the notifications at the bottom stay in the picture.
    await rig.workbench.setViewportSize({ width: 1200, height: (1200 / DEMO_PICTURE.width) * DEMO_PICTURE.height });
    shop = await startShopServer();
    // The shop's sources in the project, where a developer keeps them: "go to source" finds public/shop.js.
    cpSync(SHOP, join(rig.folder, 'public'), { recursive: true });
    composer = await rig.app.context.newPage();
    page = await rig.app.context.newPage();
    await page.setViewportSize(DEMO_PICTURE);
  });
  after(async () => {
    await shop?.close();
    await rig?.stop();
  });

  /** One step's picture, once nothing is mid-way through a fade or a slide (endless spinners aside). */
  async function frame(caption: string, holdMs: number, from: Page = rig.workbench): Promise<void> {
    await animationsSettled(from, 10_000);
    const shot = await from.screenshot();
    frames.push({ caption, holdMs, png: await captioned(composer, shot, caption) });
  }

  /** Copilot is not signed in here: its sign-in dialog (modal) is closed with Escape. */
  async function closeSignInDialog(appearWithinMs = 10_000): Promise<void> {
    const dialog = rig.workbench.locator('.monaco-dialog-box');
    if (appearWithinMs) await dialog.waitFor({ timeout: appearWithinMs }).catch(() => undefined);
    await until(
      async () => {
        if (!(await dialog.isVisible().catch(() => false))) return true;
        await rig.workbench.keyboard.press('Escape');
        return false;
      },
      20_000,
      'the sign-in dialog to close',
      300,
    );
  }

  /** Drags the side bar's edge, as a person would, so the console rows show their whole message. */
  async function widenSideBar(by: number): Promise<void> {
    const bar = rig.workbench.locator('.part.sidebar').first();
    const before = (await bar.boundingBox())!;
    const edge = { x: before.x + before.width, y: before.y + before.height / 2 };
    await rig.workbench.mouse.move(edge.x, edge.y);
    await rig.workbench.mouse.down();
    await rig.workbench.mouse.move(edge.x + by, edge.y, { steps: 8 });
    await rig.workbench.mouse.up();
    // Off the edge, so its highlight is gone from the picture.
    await rig.workbench.mouse.move(edge.x + by + 200, edge.y);
    const after = (await bar.boundingBox())!;
    assert.ok(after.width > before.width + by / 2, `the side bar is ${after.width}px wide, was ${before.width}px`);
  }

  async function recordings(): Promise<{ state: string; title: string }[]> {
    const response = await fetch(`http://127.0.0.1:${rig.port}/recordings`, { headers: callerHeaders() });
    return ((await response.json()) as { recordings: { state: string; title: string }[] }).recordings;
  }

  it('1. while recording, the page throws: "Order failed with status 500"', async () => {
    await page.goto(`${shop.origin}/`);
    await page.bringToFront();
    await openSideBar(rig.workbench);
    const header = await expandView(rig.workbench, 'Recordings');
    await clickAction(header, 'Start Recording');
    await until(async () => (await recordings()).some((row) => row.state === 'recording'), 30_000, 'a recording');
    await page.locator('#__browser-debug-recording-badge').waitFor({ timeout: 10_000 });
    await page.fill('#user', 'alice');
    await page.fill('#password', 'p4ss');
    await page.click('button:has-text("Sign in")');
    await page.fill('#qty', '0');
    const thrown = page.waitForEvent('pageerror', { timeout: 20_000 });
    await page.keyboard.press('Enter');
    assert.equal((await thrown).message, ERROR);
    assert.equal(await page.textContent('#cart'), '', 'nothing reached the cart');
    await frame(`1. Your page throws: ${ERROR}`, 2000, page);
  });

  it('2. the error shows in the Browser Debug Console view', async () => {
    await clickAction(await expandView(rig.workbench, 'Recordings'), 'Stop Recording');
    await rig.workbench
      .locator('.monaco-list-row', { hasText: /steps · 2 errors/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // The start-up and recording notices have been read: the demo shows the console, not them.
    await runCommand(rig.workbench, 'Notifications: Clear All Notifications');
    await rig.workbench.locator('.notification-toast').first().waitFor({ state: 'hidden', timeout: 10_000 });
    await rig.workbench.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    await expandView(rig.workbench, 'Console');
    await widenSideBar(180);
    const row = rig.workbench.locator('.monaco-list-row', { hasText: ERROR }).first();
    await row.waitFor({ timeout: 30_000 });
    assert.match((await row.textContent()) ?? '', /Order failed with status 500/);
    await frame("2. It shows in VS Code's Browser Debug console", 2200);
  });

  it('3. a click on the error opens the line that threw (public/shop.js, its line and column)', async () => {
    const source = readFileSync(join(SHOP, 'shop.js'), 'utf8').split('\n');
    line = source.findIndex((text) => text.includes('throw new Error')) + 1;
    column = source[line - 1]!.indexOf('new Error') + 1;
    await rig.workbench.locator('.monaco-list-row', { hasText: ERROR }).first().click();
    await rig.workbench.locator('.tabs-container .tab.active', { hasText: 'shop.js' }).waitFor({ timeout: 20_000 });
    await rig.workbench
      .locator('.statusbar-item', { hasText: `Ln ${line}, Col ${column}` })
      .first()
      .waitFor({ timeout: 10_000 });
    await frame('3. One click opens the line that threw', 2600);
  });

  it('4. "Ask Copilot to Fix" puts the error and where it is in the chat input, ready to send', async () => {
    const row = rig.workbench.locator('.monaco-list-row', { hasText: ERROR }).first();
    await clickAction(row, 'Ask Copilot to Fix');
    // The prompt waits in the chat input (isPartialQuery); no Copilot needed. The input renders spaces as no-break
    // spaces, which \s matches.
    const request = rig.workbench
      .locator('.interactive-input-part', { hasText: /Fix\sthis\serror\sfrom\sthe\sbrowser/ })
      .first();
    await request.waitFor({ timeout: 30_000 });
    await closeSignInDialog();
    const text = (await request.textContent()) ?? '';
    assert.ok(text.includes(`public/shop.js:${line}:${column}`), `where it threw, in: ${text}`);
    assert.match(text, /Error:\sOrder\sfailed\swith\sstatus\s500/);
    await frame('4. Ask Copilot to Fix: the error and its line, in the chat', 3000);
  });

  it('5. after the fix, a replay of the recorded steps says "not reproduced"', async () => {
    shop.fixed = true;
    await page.bringToFront();
    await closeSignInDialog(0);
    await expandView(rig.workbench, 'Recordings');
    const row = rig.workbench.locator('.monaco-list-row', { hasText: /steps · 2 errors/ }).first();
    const ordersBefore = shop.orders.length;
    await clickAction(row, 'Replay Recording');
    const toast = rig.workbench.locator('.notification-toast', { hasText: 'Not reproduced' }).first();
    await toast.waitFor({ timeout: 60_000 });
    assert.match(
      (await toast.locator('.notification-list-item-message').first().textContent()) ?? '',
      /Not reproduced: all \d+ steps ran and the recording's 2 errors and failed requests are gone\./,
    );
    await rig.workbench
      .locator('.monaco-list-row', { hasText: /· not reproduced/ })
      .first()
      .waitFor({ timeout: 20_000 });
    assert.ok(
      shop.orders.slice(ordersBefore).some((order) => order.qty === 0),
      'the replay placed the same order again',
    );
    await closeSignInDialog(0);
    // The pointer rests on the editor's empty lines: no tooltip over the verdict.
    const editor = (await rig.workbench.locator('.part.editor').first().boundingBox())!;
    await rig.workbench.mouse.move(editor.x + editor.width / 2, editor.y + editor.height - 60);
    await rig.workbench
      .locator('.monaco-hover, .workbench-hover')
      .first()
      .waitFor({ state: 'hidden', timeout: 10_000 });
    await frame('5. Fixed? Replay the recorded steps: not reproduced', 3600);
  });

  it('encodes the five captioned steps as one looping APNG for the README', () => {
    assert.deepEqual(
      frames.map((step) => step.caption.slice(0, 2)),
      ['1.', '2.', '3.', '4.', '5.'],
    );
    const path = join(PICTURES, 'demo.png');
    mkdirSync(PICTURES, { recursive: true });
    const apng = writeApng(path, frames);
    assert.deepEqual(describeApng(readFileSync(path)), { ...DEMO_SIZE, frames: 5 });
    assert.ok(apng.length <= MAX_BYTES, `${path} is ${apng.length} bytes; the README wants at most ${MAX_BYTES}`);
    console.log(`    ${path}: ${frames.length} frames, ${(apng.length / 1024).toFixed(0)} KB`);
  });
});
