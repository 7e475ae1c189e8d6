/**
 * The browser extension as a store listing shows it: icons at 16/32/48/128, a toolbar badge that follows
 * the connection, and a popup that follows the system's dark mode. Real Chromium, the built extension.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, connectExtension, extensionRig, until } from './support/chromium';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', path);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('browser extension, store-ready: icons, toolbar badge, dark popup (real Chromium)', function () {
  this.timeout(60_000);
  const rig = extensionRig({ connect: false });

  const badge = () =>
    rig.browser.worker.evaluate(async () => ({
      text: await chrome.action.getBadgeText({}),
      title: await chrome.action.getTitle({}),
    }));

  it('declares icons at 16, 32, 48 and 128 px, each a PNG of that size, and the toolbar uses them', () => {
    const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
    for (const size of [16, 32, 48, 128])
      assert.deepEqual(pngSize(join(EXTENSION_DIR, manifest.icons[String(size)])), [size, size]);
    assert.deepEqual(Object.keys(manifest.action.default_icon), ['16', '32']);
  });

  it('the badge says "…" while it looks for the connector, and clears once connected', async () => {
    await until(async () => (await badge()).text === '…', 10_000, 'the searching badge');
    assert.match((await badge()).title, /looking for VS Code or the connector/);
    await connectExtension(rig.browser.worker, rig.connector.port);
    await until(async () => (await badge()).text === '', 10_000, 'the badge to clear');
    assert.equal((await badge()).title, 'Browser Debug: connected');
  });

  it('the popup follows the system colour scheme', async () => {
    const id = new URL(rig.browser.worker.url()).host;
    const popup = await rig.browser.context.newPage();
    try {
      await popup.goto(`chrome-extension://${id}/popup.html`);
      const colours = () =>
        popup.evaluate(() => {
          const style = getComputedStyle(document.body);
          return [style.backgroundColor, style.color];
        });
      await popup.emulateMedia({ colorScheme: 'dark' });
      assert.deepEqual(await colours(), ['rgb(31, 31, 31)', 'rgb(230, 230, 230)']);
      await popup.emulateMedia({ colorScheme: 'light' });
      assert.deepEqual(await colours(), ['rgba(0, 0, 0, 0)', 'rgb(34, 34, 34)']);
    } finally {
      await popup.close();
    }
  });
});
