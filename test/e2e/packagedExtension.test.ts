import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { imageSize } from 'image-size';
import { VERSION } from '../../src/shared/version';
import { startTestConnector, type TestConnector } from '../support/connector';
import { get } from '../support/http';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

describe('browser extension: the packaged zip', function () {
  this.timeout(60_000);
  let folder: string;
  let browser: TestBrowser | undefined;
  let connector: TestConnector | undefined;
  let site: FixtureServer | undefined;

  before(() => (folder = mkdtempSync(join(tmpdir(), 'bd-zip-'))));
  after(async () => {
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('holds a loadable extension, without source maps, that captures once unzipped', async function () {
    const chromium = requireChromium(this);
    const zip = join(folder, 'extension.zip');
    execFileSync(process.execPath, [resolve(__dirname, '../../scripts/packageBrowserExtension.mjs'), zip], {
      cwd: resolve(__dirname, '../..'),
    });
    const files = unzipSync(readFileSync(zip));
    const names = Object.keys(files).sort();
    assert.deepEqual(names, [
      'background.js',
      'bodyHook.js',
      'devtools.html',
      'devtools.js',
      'icons/icon128.png',
      'icons/icon16.png',
      'icons/icon32.png',
      'icons/icon48.png',
      'manifest.json',
      'offscreen.html',
      'offscreen.js',
      'options.css',
      'options.html',
      'options.js',
      'pageHook.js',
      'picker.js',
      'popup.css',
      'popup.html',
      'popup.js',
      'recorder.js',
      'recorderDialogs.js',
      'relay.js',
    ]);
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString());
    assert.equal(manifest.manifest_version, 3);
    assert.equal(manifest.version, VERSION);
    const unpacked = join(folder, 'unpacked');
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(dirname(join(unpacked, name)), { recursive: true });
      writeFileSync(join(unpacked, name), bytes);
    }
    [connector, site] = await Promise.all([startTestConnector(), startFixtureServer()]);
    browser = await launchWithExtension(chromium, unpacked);
    await connectExtension(browser.worker, connector.port);
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/blank.html`);
    await page.evaluate(() => console.warn('from the zip'));
    await until(async () =>
      (await get(connector!.port, '/console-logs?level=warn')).json.logs.some(
        (log: { message: string }) => log.message === 'from the zip',
      ),
    );
  });

  it('with --store, puts the zip, the listing text and 1280×800 screenshots in one folder for the store', () => {
    const store = join(folder, 'store');
    execFileSync(
      process.execPath,
      [resolve(__dirname, '../../scripts/packageBrowserExtension.mjs'), join(folder, 'store.zip'), '--store', store],
      { cwd: resolve(__dirname, '../..') },
    );
    assert.deepEqual(readdirSync(store).sort(), ['screenshots', 'store-listing.md', 'store.zip']);
    assert.match(readFileSync(join(store, 'store-listing.md'), 'utf8'), /^# Browser Debug: Chrome Web Store listing/);
    const shots = readdirSync(join(store, 'screenshots')).sort();
    assert.deepEqual(shots, ['acting.png', 'options.png', 'popup.png']);
    for (const shot of shots) {
      const { width, height } = imageSize(readFileSync(join(store, 'screenshots', shot)));
      assert.deepEqual([width, height], [1280, 800], shot);
    }
    assert.ok(unzipSync(readFileSync(join(store, 'store.zip')))['manifest.json'], 'the zip is a whole package');
  });
});
