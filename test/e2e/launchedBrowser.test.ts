import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LaunchedBrowser } from '../../src/connector/browsers/launchedBrowser';
import { pinExtensionPort } from '../../src/connector/browsers/extensionPort';
import { Connector } from '../../src/connector/connector';
import { freePortRun } from '../support/ports';
import { EXTENSION_DIR, requireChromium, until } from './support/chromium';

describe('Launch Browser: a browser with our extension loaded over the DevTools pipe', function () {
  this.timeout(60_000);

  it('starts Chromium with its own profile, loads the extension, and the extension connects', async function () {
    const chromium = requireChromium(this);
    const profile = mkdtempSync(join(tmpdir(), 'bd-launch-'));
    // The extension looks on 3025..3035: use the first free one there, as a real user would.
    const port = await freePortRunFrom3025();
    const connector = await Connector.start({ port, maxPort: port });
    let browser: LaunchedBrowser | undefined;
    try {
      browser = await LaunchedBrowser.launch({
        executable: chromium,
        profileDir: profile,
        extensionDir: EXTENSION_DIR,
        extraArgs: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--disable-dev-shm-usage',
        ],
      });
      assert.match(browser.extensionId!, /^[a-p]{32}$/);
      // As Launch Browser does: the port pin and a new pairing, over the DevTools pipe only.
      await pinExtensionPort(browser, port, connector.services.pairings.add('launched browser'));
      await until(() => connector.services.bridge.connected, 20_000, 'the extension to connect');
      const version = await browser.send('Browser.getVersion');
      assert.match(String(version.product), /Chrome/);
    } finally {
      await browser?.close();
      await connector.stop();
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });
});

async function freePortRunFrom3025(): Promise<number> {
  const { createServer } = await import('node:net');
  for (let port = 3025; port <= 3035; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return freePortRun(1);
}
