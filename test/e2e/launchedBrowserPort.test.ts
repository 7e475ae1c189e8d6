import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../../src/connector/connector';
import { pinExtensionPort } from '../../src/connector/browsers/extensionPort';
import { LaunchedBrowser } from '../../src/connector/browsers/launchedBrowser';
import { freePortRun } from '../support/ports';
import { EXTENSION_DIR, requireChromium, until } from './support/chromium';
import { startFixtureServer } from './support/fixtureServer';

describe('Launch Browser: the launched extension is pointed at this connector’s port', function () {
  this.timeout(60_000);

  it('connects to a connector outside the discovery range (3025–3035) once its port is pinned, then opens the page', async function () {
    const chromium = requireChromium(this);
    const profile = mkdtempSync(join(tmpdir(), 'bd-launch-port-'));
    let port = await freePortRun(1);
    while (port >= 3025 && port <= 3035) port = await freePortRun(1);
    const connector = await Connector.start({ port, maxPort: port });
    const site = await startFixtureServer();
    let browser: LaunchedBrowser | undefined;
    try {
      browser = await LaunchedBrowser.launch({
        executable: chromium,
        profileDir: profile,
        extensionDir: EXTENSION_DIR,
        extraArgs: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      });
      // As Launch Browser does: the port pin and a new pairing, over the DevTools pipe only.
      await pinExtensionPort(browser, port, connector.services.pairings.add('launched browser'));
      await until(() => connector.services.bridge.connected, 20_000, 'the extension to connect to the pinned port');
      assert.equal(connector.services.bridge.count, 1);
      // Then the page opens in the first tab, and its first load is captured.
      await browser.open(`${site.origin}/index.html`);
      await until(
        () => connector.services.store.currentPage?.url === `${site.origin}/index.html`,
        20_000,
        'the opened page to be reported',
      );
    } finally {
      await browser?.close();
      await connector.stop();
      await site.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });
});
