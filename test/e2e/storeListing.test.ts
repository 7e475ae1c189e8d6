/**
 * The store listing (docs/store-listing.md) stays true to the manifest, and its screenshots (1280×800,
 * the Chrome Web Store's size) come from real Chromium with the built extension, connected to a real
 * connector, with an MCP client acting. They go to .test-artifacts/store/, or to docs/images/store/ with
 * BROWSER_DEBUG_PICTURES=docs.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { actRig } from './support/actRig';
import { EXTENSION_DIR, until } from './support/chromium';

const ROOT = resolve(__dirname, '../..');
const PICTURES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs' ? join(ROOT, 'docs/images/store') : join(ROOT, '.test-artifacts/store');
const SIZE = { width: 1280, height: 800 };
const LISTING = readFileSync(join(ROOT, 'docs/store-listing.md'), 'utf8');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Lays real screenshots out on a 1280×800 page and saves that page. */
async function compose(page: Page, name: string, html: string): Promise<Buffer> {
  await page.setViewportSize(SIZE);
  await page.setContent(
    `<body style="margin:0;width:1280px;height:800px;overflow:hidden;position:relative">${html}</body>`,
  );
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  return save(name, await page.screenshot());
}

function save(name: string, png: Buffer): Buffer {
  mkdirSync(PICTURES, { recursive: true });
  writeFileSync(join(PICTURES, name), png);
  assert.deepEqual(pngSize(png), [SIZE.width, SIZE.height], name);
  return png;
}

const UNTIL_RELEASED = `await new Promise((resolve) => {
  const released = () => document.getElementById('release') && resolve();
  if (!released()) new MutationObserver(released).observe(document, { childList: true, subtree: true });
}); 'released'`;

describe('browser extension, store listing: text true to the manifest, screenshots at 1280×800 (real Chromium)', function () {
  this.timeout(90_000);
  const rig = actRig();
  const extensionUrl = (path: string) => `chrome-extension://${new URL(rig.browser.worker.url()).host}/${path}`;

  it('justifies every permission and host permission of the manifest, within the store’s length limits', () => {
    const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
      name: string;
      permissions: string[];
      host_permissions: string[];
    };
    for (const permission of manifest.permissions)
      assert.match(LISTING, new RegExp(`^\\| \`${permission}\` \\| \\S`, 'm'), `no justification for ${permission}`);
    for (const host of manifest.host_permissions)
      assert.match(
        LISTING,
        new RegExp(`^\\| Host permission \`${host}\` \\| \\S`, 'm'),
        `no justification for ${host}`,
      );
    const short = /## Short description[^\n]*\n\n([^\n]+)\n/.exec(LISTING)?.[1] ?? '';
    assert.ok(short.length > 0 && short.length <= 132, `short description: ${short.length} characters`);
    assert.match(LISTING, new RegExp(`## Name\\n\\n${manifest.name}\\n`));
  });

  it('popup.png: the app beside the popup, connected', async () => {
    const app = await rig.open('/');
    await app.setViewportSize(SIZE);
    const appShot = await app.screenshot();
    const popup = await rig.browser.context.newPage();
    await popup.setViewportSize({ width: 340, height: 500 });
    await popup.goto(extensionUrl('popup.html'));
    // The popup describes the active tab: the app, as when the toolbar button is clicked over it.
    await app.bringToFront();
    await popup.reload();
    await until(async () => (await popup.locator('#status').textContent()) === 'connected', 10_000, 'connected');
    await until(async () => (await popup.locator('#tab').textContent()) === app.url(), 10_000, 'the app as the tab');
    const popupShot = await popup.locator('body').screenshot();
    await compose(
      popup,
      'popup.png',
      `<img src="${dataUrl(appShot)}" style="position:absolute;inset:0">` +
        `<img src="${dataUrl(popupShot)}" style="position:absolute;top:12px;right:24px;border:1px solid #bbb;box-shadow:0 6px 24px rgba(0,0,0,.3)">`,
    );
    await popup.close();
  });

  it('acting.png: an assistant acting in the tab, with the in-page notice and the tab’s AI badge', async () => {
    const app = await rig.open('/');
    await app.setViewportSize(SIZE);
    const running = rig.tool('execute_javascript', { code: UNTIL_RELEASED });
    await app.locator('#browser-debug-acting-badge').waitFor({ state: 'attached', timeout: 10_000 });
    const tabId = await rig.browser.worker.evaluate(
      async (url) => (await chrome.tabs.query({ url }))[0]?.id ?? -1,
      app.url(),
    );
    const badge = await rig.browser.worker.evaluate(
      async (id) => ({
        text: await chrome.action.getBadgeText({ tabId: id }),
        title: await chrome.action.getTitle({ tabId: id }),
      }),
      tabId,
    );
    assert.equal(badge.text, 'AI');
    const shot = await app.screenshot();
    await app.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { id: 'release' })));
    assert.equal((await running).isError, false);
    const icon = readFileSync(join(EXTENSION_DIR, 'icons/icon32.png'));
    const page = await rig.browser.context.newPage();
    // Headless Chromium draws no toolbar: the badge is drawn from what the extension set on the tab.
    await compose(
      page,
      'acting.png',
      `<img src="${dataUrl(shot)}" style="position:absolute;inset:0">` +
        `<div title="${badge.title}" style="position:absolute;top:10px;right:16px;padding:6px;background:#fff;border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.25)">` +
        `<img src="${dataUrl(icon)}" style="display:block;width:32px;height:32px">` +
        `<span style="position:absolute;right:-4px;bottom:-2px;font:bold 11px system-ui;color:#fff;background:#1f6feb;border-radius:4px;padding:1px 4px">${badge.text}</span></div>`,
    );
    await page.close();
  });

  it('options.png: remote mode’s options page', async () => {
    const options = await rig.browser.context.newPage();
    await options.setViewportSize(SIZE);
    await options.goto(extensionUrl('options.html'));
    await options.locator('#form').waitFor();
    save('options.png', await options.screenshot());
    await options.close();
  });
});
