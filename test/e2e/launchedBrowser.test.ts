import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '@memlab/core';
import { LaunchedBrowser } from '../../src/connector/browsers/launchedBrowser';
import { HeapSession } from '../../src/connector/leaks/heapSession';
import { HeapTransfers } from '../../src/connector/leaks/heapTransfers';
import { readSnapshot } from '../../src/connector/leaks/snapshotFile';
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

  it("takes a leak check's heap snapshot over the pipe: whole chunks, non-ASCII page strings intact", async function () {
    const chromium = requireChromium(this);
    const profile = mkdtempSync(join(tmpdir(), 'bd-launch-'));
    let browser: LaunchedBrowser | undefined;
    try {
      browser = await LaunchedBrowser.launch({
        executable: chromium,
        profileDir: profile,
        extensionDir: EXTENSION_DIR,
        extraArgs: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      const { targetInfos } = (await browser.send('Target.getTargets')) as {
        targetInfos: { targetId: string; type: string }[];
      };
      const targetId = targetInfos.find((info) => info.type === 'page')!.targetId;
      const { sessionId } = (await browser.send('Target.attachToTarget', { targetId, flatten: true })) as {
        sessionId: string;
      };
      // Many multi-byte strings (V8's snapshot writer does not keep characters beyond the BMP: none of those).
      const expression = `window.kept = Array.from({ length: 20000 }, (_, i) => 'çé漢字 ' + i)`;
      await browser.send('Runtime.evaluate', { expression }, sessionId);
      const heap = await HeapSession.attach(browser.auditSource().openTransport(), targetId);
      const path = join(profile, 'pipe.heapsnapshot');
      const taken = await heap.snapshot(new HeapTransfers(), path, 512 * 1024 * 1024).finally(() => heap.close());
      assert.ok(taken.bytes > 1024 * 1024, `${taken.bytes} bytes`);
      assert.equal(statSync(path).size >= taken.bytes, true);
      config.muteConsole = true;
      const snapshot = await readSnapshot(path);
      let found = 0;
      snapshot.nodes.forEach((node) => void (node.type === 'string' && node.name === 'çé漢字 19999' && found++));
      assert.equal(found, 1, 'the page string arrived whole');
    } finally {
      await browser?.close();
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
