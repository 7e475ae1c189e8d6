/**
 * The unpacked extension reloads itself when VS Code brings a newer build (browser-extension's
 * selfReload.ts). A copy of the built extension plays VS Code's stable folder (its install record beside
 * the manifest) with an older manifest version; VS Code's update is the folder's manifest rewritten to
 * the connector's version. Real Chromium (with Developer mode on, as "Load unpacked" needs: without it
 * Chrome leaves a self-reloaded unpacked extension unloaded), a real connector.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'playwright-core';
import { VERSION } from '../../src/shared/version';
import { startTestConnector, type TestConnector } from '../support/connector';
import {
  EXTENSION_DIR,
  launchWithExtension,
  requireChromium,
  seedPairing,
  until,
  workerState,
  type TestBrowser,
} from './support/chromium';

const OLD = '0.0.1';

/** A copy of the built extension at version `version`, with VS Code's install record unless `record` is false. */
function extensionFolder(version: string, record = true): string {
  const folder = mkdtempSync(join(tmpdir(), 'bd-stable-ext-'));
  cpSync(EXTENSION_DIR, folder, { recursive: true });
  setManifestVersion(folder, version);
  if (record)
    writeFileSync(
      join(folder, '.browser-debug-install.json'),
      JSON.stringify({ extensionPath: '/vscode/extensions/browser-debug', version }),
    );
  return folder;
}

function setManifestVersion(folder: string, version: string): void {
  const file = join(folder, 'manifest.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 2));
}

const manifestVersion = (worker: Worker) => worker.evaluate(() => chrome.runtime.getManifest().version);
type Checked = { connection: string; port?: number; versionCheck?: string };
const state = (worker: Worker) => workerState(worker) as Promise<Awaited<ReturnType<typeof workerState>> & Checked>;

describe('browser extension: reloads itself when VS Code brings a newer build (real Chromium)', function () {
  this.timeout(120_000);
  let executable: string;
  let connector: TestConnector;
  let browser: TestBrowser | undefined;
  let folder: string | undefined;

  before(async function () {
    executable = requireChromium(this);
    connector = await startTestConnector();
  });
  after(() => connector?.stop());
  afterEach(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
    browser = folder = undefined;
  });

  /** Pairs and points the extension at the connector (as connectExtension does), without waiting. */
  async function pointAtConnector(worker: Worker): Promise<void> {
    await until(async () => (await workerState(worker)).ready);
    await seedPairing(worker);
    await worker.evaluate(
      (port) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port },
        }),
      connector.port,
    );
  }

  it('VS Code refreshed its folder: on connect the worker reloads with the new version and connects again', async () => {
    folder = extensionFolder(OLD);
    browser = await launchWithExtension(executable, folder, [], true);
    assert.equal(await manifestVersion(browser.worker), OLD);
    setManifestVersion(folder, VERSION);
    const restarted = browser.context.waitForEvent('serviceworker', { timeout: 30_000 });
    await pointAtConnector(browser.worker);
    const worker = await restarted;
    assert.equal(await manifestVersion(worker), VERSION, 'the new worker runs the new build');
    await until(async () => {
      const now = await state(worker);
      return now.connection === 'connected' && now.port === connector.port && now.versionCheck === 'current';
    }, 30_000);
  });

  it('a folder nobody refreshed: reloads once, then stays connected on the old build (no reload loop)', async () => {
    folder = extensionFolder(OLD);
    browser = await launchWithExtension(executable, folder, [], true);
    const restarted = browser.context.waitForEvent('serviceworker', { timeout: 30_000 });
    await pointAtConnector(browser.worker);
    const worker = await restarted;
    await until(async () => (await state(worker)).versionCheck === 'already-tried', 30_000);
    assert.equal(await manifestVersion(worker), OLD);
    assert.equal((await state(worker)).connection, 'connected');
  });

  it('an unpacked folder that is not VS Code’s copy (a hand-built checkout) never reloads itself', async () => {
    folder = extensionFolder(OLD, false);
    browser = await launchWithExtension(executable, folder, [], true);
    const { worker } = browser;
    await pointAtConnector(worker);
    await until(async () => (await state(worker)).versionCheck === 'not-vscode-folder', 30_000);
    assert.equal((await state(worker)).connection, 'connected');
    const stored = await worker.evaluate(() => chrome.storage.local.get('selfReloadFor'));
    assert.deepEqual(Object.keys(stored), [], 'no reload was attempted');
  });
});
