import type { ChildProcess } from 'node:child_process';
import { startActApp, type ActAppServer } from '../test/e2e/support/actAppServer';
import {
  chromiumPath,
  connectExtension,
  EXTENSION_DIR,
  launchWithExtension,
  type TestBrowser,
} from '../test/e2e/support/chromium';
import { freePortRun } from '../test/support/ports';
import { startConnector } from './connectorProcess';

/** What the acting benches share: the act app, a connector process, and Chromium with our extension on it. */
export interface ActStage {
  /** The Chromium it launched, for a peer's own browser. */
  chromium: string;
  app: ActAppServer;
  port: number;
  connector: ChildProcess;
  browser: TestBrowser;
  close(): Promise<void>;
}

/** Starts the stage; `extensionDir` measures another build of the extension. */
export async function startActStage(extensionDir = EXTENSION_DIR): Promise<ActStage> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  const app = await startActApp();
  const port = await freePortRun(1);
  const connector = await startConnector(port);
  const browser = await launchWithExtension(chromium, extensionDir);
  const close = async () => {
    await browser.close().catch(() => undefined);
    connector.kill();
    await app.close();
  };
  await connectExtension(browser.worker, port).catch(async (error: Error) => {
    await close();
    throw error;
  });
  return { chromium, app, port, connector, browser, close };
}
