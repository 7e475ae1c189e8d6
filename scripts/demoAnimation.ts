/**
 * The README's animated demo (docs/images/demo.png, an APNG): the real flow, from real screenshots.
 * code-server with the packaged VSIX, a second Chromium with the browser extension on the fixture app:
 * the page throws → the error shows in VS Code's Browser Debug console → a click opens the source line.
 *
 *   npm run build && node --import tsx scripts/demoAnimation.ts [out.png]
 *
 * Needs Chromium and code-server as the UI tests do (CODE_SERVER_BIN, or the test set-up's cache).
 * Not a test: it asserts nothing beyond waiting for each step to appear.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import UPNG from 'upng-js';
import { openSideBar, startUiRig } from '../test/vscode/support/uiRig';

// The rig pairs through the run's state folder: a throwaway one, never the user's.
const state = mkdtempSync(join(tmpdir(), 'bd-demo-state-'));
process.env.XDG_STATE_HOME = state;

const OUT = resolve(process.argv[2] ?? 'docs/images/demo.png');
const SIZE = { width: 960, height: 600 };
/** Hold each step this long (ms); the last one longer, before the loop starts again. */
const HOLD = [1800, 2200, 3200];

/** The rig's skip() is for mocha; here a missing tool is an error. */
const notMocha = {
  skip: () => {
    throw new Error('Chromium or code-server is missing.');
  },
  runnable: () => ({ parent: undefined }),
} as unknown as Mocha.Context;

async function main(): Promise<void> {
  const rig = await startUiRig(notMocha, { settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  const frames: Buffer[] = [];
  const composer = await rig.app.context.newPage();
  try {
    const page = await rig.app.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${rig.origin}/index.html`);
    frames.push(await caption(composer, await page.screenshot(), '1. Your page throws: Uncaught Error: plain failure'));
    await openSideBar(rig.workbench);
    const row = rig.workbench.locator('.monaco-list-row', { hasText: 'Uncaught Error: plain failure' }).first();
    await row.waitFor({ timeout: 30_000 });
    frames.push(
      await caption(composer, await rig.workbench.screenshot(), "2. It shows in VS Code's Browser Debug console"),
    );
    await row.click();
    await rig.workbench.locator('.tabs-container .tab.active', { hasText: 'plain.js' }).waitFor({ timeout: 20_000 });
    await rig.workbench.locator('.statusbar-item', { hasText: 'Ln 3, Col 9' }).first().waitFor({ timeout: 10_000 });
    frames.push(await caption(composer, await rig.workbench.screenshot(), '3. One click opens the line that threw'));
  } finally {
    await rig.stop();
    rmSync(state, { recursive: true, force: true });
  }
  const rgba = frames.map((png) => UPNG.toRGBA8(UPNG.decode(toArrayBuffer(png)))[0]!);
  const apng = Buffer.from(UPNG.encode(rgba, SIZE.width, SIZE.height, 256, HOLD));
  writeFileSync(OUT, apng);
  console.log(`${OUT}: ${frames.length} frames, ${SIZE.width}×${SIZE.height}, ${(apng.length / 1024).toFixed(0)} KB`);
}

/** A real screenshot under a caption bar, at the demo's size. */
async function caption(page: Page, shot: Buffer, text: string): Promise<Buffer> {
  await page.setViewportSize(SIZE);
  await page.setContent(
    `<body style="margin:0;width:${SIZE.width}px;height:${SIZE.height}px;overflow:hidden;background:#1f1f1f;font:600 20px system-ui,sans-serif">` +
      `<div style="height:44px;line-height:44px;padding:0 16px;color:#fff;background:#0b5cad"></div>` +
      `<img style="display:block;width:${SIZE.width}px;height:${SIZE.height - 44}px;object-fit:cover;object-position:top left"></body>`,
  );
  await page.evaluate(
    ([label, src]) => {
      document.querySelector('div')!.textContent = label!;
      document.querySelector('img')!.src = src!;
    },
    [text, `data:image/png;base64,${shot.toString('base64')}`],
  );
  await page.waitForFunction(() => document.images[0]!.complete);
  return page.screenshot();
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
