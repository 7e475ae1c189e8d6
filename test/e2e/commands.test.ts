import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { decodeImageDataUrl } from '../../src/connector/screenshots/imageInfo';
import { post } from '../support/http';
import { decodePng } from '../support/png';
import { extensionRig, workerState } from './support/chromium';
import type { CommandArgs, CommandName } from '../../src/shared/browserCommands';

describe('browser extension: commands from the connector', function () {
  this.timeout(60_000);
  const rig = extensionRig();
  let page: Page;
  before(async () => {
    page = await rig.browser.context.newPage();
  });

  const command = <K extends CommandName>(name: K, args: CommandArgs<K>) =>
    rig.connector.connector.services.bridge.command(name, args, 20_000);
  const shot = async (body: unknown) => {
    const { status, json } = await post(rig.connector.port, '/capture-screenshot', body);
    assert.equal(status, 200, JSON.stringify(json));
    return { ...json, bytes: readFileSync(json.path) };
  };

  describe('screenshots through POST /capture-screenshot', () => {
    it('captures the visible area at the viewport size', async () => {
      await page.goto(`${rig.site.origin}/`);
      const [width, height] = await page.evaluate(() => [innerWidth, innerHeight]);
      const image = await shot({ fullPage: false });
      const png = decodePng(image.bytes);
      assert.deepEqual([png.width, png.height], [width, height]);
      assert.deepEqual(image.dimensions, { width, height });
      assert.deepEqual(png.pixel(140, 200), [0x33, 0x66, 0xcc], 'the #box is where the page draws it');
    });

    it('captures the full page beyond the viewport', async () => {
      await page.goto(`${rig.site.origin}/tall.html`);
      const [width, height] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.scrollHeight,
      ]);
      assert.equal(height, 3000);
      const image = await shot({ options: { fullPage: true } });
      const png = decodePng(image.bytes);
      assert.deepEqual([png.width, png.height], [width, height]);
    });

    it('captures one element by CSS selector, and answers a clear error for a missing one', async () => {
      await page.goto(`${rig.site.origin}/`);
      const image = await shot({ options: { selector: '#box' } });
      const png = decodePng(image.bytes);
      assert.deepEqual([png.width, png.height], [200, 100]);
      assert.deepEqual(png.pixel(100, 50), [0x33, 0x66, 0xcc]);
      const missing = await post(rig.connector.port, '/capture-screenshot', { options: { selector: '#nope' } });
      assert.equal(missing.json.error.code, 'SCREENSHOT_FAILED');
      assert.match(missing.json.error.message, /No element matches '#nope'/);
    });

    it('hides removeElements during capture and restores them after', async () => {
      await page.goto(`${rig.site.origin}/`);
      const image = await shot({ options: { fullPage: false, removeElements: ['.ad'] } });
      const png = decodePng(image.bytes);
      assert.deepEqual(png.pixel(100, 320), [255, 255, 255], 'the .ad is hidden in the image');
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.ad')!).visibility), 'visible');
    });

    it('honours jpeg with a quality, and waitFor', async () => {
      await page.goto(`${rig.site.origin}/`);
      const started = Date.now();
      const image = await shot({ options: { fullPage: false, format: 'jpeg', quality: 40, waitFor: 300 } });
      assert.ok(Date.now() - started >= 300);
      assert.equal(image.format, 'jpeg');
      assert.match(image.path, /\.jpg$/);
      assert.equal(image.bytes[0], 0xff);
      assert.equal(image.bytes[1], 0xd8);
    });

    it('makes a model-sized JPEG preview: the top part of a tall page at a readable width', async () => {
      await page.goto(`${rig.site.origin}/tall.html`);
      const result = (await rig.connector.connector.services.screenshots.capture({
        fullPage: true,
        preview: { maxDimension: 1600, maxBytes: 1_000_000 },
      })) as { preview?: { data: string; width: number; height: number; cropped: boolean } };
      const preview = result.preview!;
      const decoded = decodeImageDataUrl(preview.data);
      assert.equal(decoded.format, 'jpeg');
      assert.deepEqual([decoded.width, decoded.height], [preview.width, preview.height]);
      assert.ok(Math.max(decoded.width, decoded.height) <= 1600);
      assert.equal(preview.cropped, true);
      assert.ok(decoded.bytes.length < 1_000_000);
    });

    it('spaces visible-area captures to respect Chrome’s two-per-second quota', async () => {
      await page.goto(`${rig.site.origin}/`);
      const results = await Promise.all(
        [1, 2, 3].map(() => post(rig.connector.port, '/capture-screenshot', { fullPage: false })),
      );
      for (const result of results) assert.equal(result.status, 200, JSON.stringify(result.json));
    });
  });

  describe('scripts, navigation, tabs and cookies', () => {
    it('runs a script and answers its value, also for a function body and async code', async () => {
      await page.goto(`${rig.site.origin}/`);
      assert.deepEqual(await command('run-script', { code: 'document.title' }), {
        type: 'string',
        value: 'Fixture app',
        via: 'debugger',
      });
      assert.equal((await command('run-script', { code: 'const n = 2;\nreturn n * 21;' })).value, 42);
      assert.equal(
        (await command('run-script', { code: 'await new Promise((r) => setTimeout(() => r(7), 20))' })).value,
        7,
      );
      assert.deepEqual((await command('run-script', { code: '({ a: [1, 2] })' })).value, { a: [1, 2] });
      assert.equal((await command('run-script', { code: 'document.title', returnResult: false })).value, undefined);
      assert.equal((await workerState(rig.browser.worker)).debugger.attached, 0, 'the debugger is detached afterwards');
    });

    it('answers a thrown error with its message', async () => {
      await assert.rejects(
        command('run-script', { code: 'throw new TypeError("nope from script")' }),
        (error: Error & { code?: string }) => {
          assert.equal(error.code, 'COMMAND_FAILED');
          assert.match(error.message, /TypeError: nope from script/);
          return true;
        },
      );
    });

    it('navigates the tab and waits for load', async () => {
      await page.goto(`${rig.site.origin}/`);
      const result = await command('navigate', { url: `${rig.site.origin}/blank.html`, waitUntil: 'load' });
      assert.equal(result.url, `${rig.site.origin}/blank.html`);
      assert.equal(result.title, 'Blank');
      // Playwright hears of the navigation over its own CDP session, a moment after the extension does.
      await page.waitForURL(`${rig.site.origin}/blank.html`, { timeout: 5_000 });
    });

    it('lists candidate tabs with their scope, and reports the current URL', async () => {
      await page.goto(`${rig.site.origin}/`);
      const { tabs } = await command('tabs', {});
      const mine = tabs.find((tab: { url: string }) => tab.url === `${rig.site.origin}/`);
      assert.ok(mine);
      assert.equal(mine.inScope, true);
      const current = await command('current-url', { tabId: mine.id });
      assert.equal(current.url, `${rig.site.origin}/`);
    });

    it('hands over cookies of a URL in scope', async () => {
      await page.goto(`${rig.site.origin}/`);
      await page.evaluate(() => fetch('/api/ok'));
      const { cookies } = await command('cookies', { url: `${rig.site.origin}/` });
      assert.ok(
        cookies.some(
          (cookie: { name: string; value: string }) => cookie.name === 'session' && cookie.value === 'secret-value',
        ),
      );
    });
  });
});
