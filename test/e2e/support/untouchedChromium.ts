import { PairingBook, pairingsFile } from '../../../src/connector/trust/pairingBook';
import { EXTENSION_DIR, until } from './chromium';
import { launchRaw } from './rawCdp';
import type { VirtualScreen } from './xvfb';

/**
 * A headful Chromium with our extension that no test client attaches to: Playwright keeps every page it
 * attaches to visible and focused, so a background tab under Playwright is not hidden as in a user's own
 * Chrome. Only the extension's service worker is reached, over raw CDP, to pair it with the connector.
 */
export interface UntouchedChromium {
  /** Evaluates an expression in the extension's service worker (awaited, by value). */
  inWorker(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function launchUntouched(
  executable: string,
  screen: VirtualScreen,
  port: number,
  firstUrl: string,
): Promise<UntouchedChromium> {
  const browser = await launchRaw(
    executable,
    ['--window-position=0,0', `--load-extension=${EXTENSION_DIR}`, `--disable-extensions-except=${EXTENSION_DIR}`],
    { display: screen.display, firstUrl },
  );
  const inWorker = (expression: string) => browser.evaluateInWorker<unknown>('chrome-extension://', expression);
  // Until the worker runs, there is none to evaluate in.
  await until(
    async () => (await inWorker('globalThis.browserDebug?.state().ready').catch(() => false)) === true,
    20_000,
    "the extension's service worker",
  );
  const pairing = new PairingBook(pairingsFile(), () => 0).add('test rig');
  await inWorker(`chrome.storage.local.set({ pairing: ${JSON.stringify(pairing)} })`);
  await inWorker(
    `chrome.storage.local.set({ settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port: ${port} } })`,
  );
  await until(async () => (await inWorker('browserDebug.state().connection')) === 'connected', 20_000, 'connected');
  return { inWorker, close: () => browser.close() };
}
