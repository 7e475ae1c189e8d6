import type { PairReply } from '../../shared/pairing';
import type { LaunchedBrowser } from './launchedBrowser';

/**
 * Points the extension in a browser we launched at this connector's port. Its discovery only looks on
 * 3025–3035, so a connector elsewhere (another port setting, or that range held by other programs)
 * would never be found; and this profile belongs to Browser Debug, so the pin is ours to set. Works
 * through the extension's service worker over the DevTools pipe, waiting up to `timeoutMs` for it.
 *
 * With `pairing`, the same write pairs the extension (Launch Browser pairs automatically): the key
 * travels only over the pipe, which belongs to the process that started the browser. No port, no
 * argv, no URL a page could read or replay (docs/security.md, "Pairing").
 */
export async function pinExtensionPort(
  browser: LaunchedBrowser,
  port: number,
  pairing?: PairReply,
  timeoutMs = 10_000,
): Promise<void> {
  const prefix = `chrome-extension://${browser.extensionId}/`;
  const deadline = Date.now() + timeoutMs;
  let targetId: string | undefined;
  while (!targetId) {
    const { targetInfos } = (await browser.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    targetId = targetInfos.find((info) => info.type === 'service_worker' && info.url.startsWith(prefix))?.targetId;
    if (targetId) break;
    if (Date.now() > deadline) throw new Error('the Browser Debug extension did not start in the launched browser');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { sessionId } = (await browser.send('Target.attachToTarget', { targetId, flatten: true })) as {
    sessionId: string;
  };
  try {
    const paired = pairing ? `, pairing: ${JSON.stringify({ pairingId: pairing.pairingId, key: pairing.key })}` : '';
    const expression = `chrome.storage.local.get('settings').then((stored) => chrome.storage.local.set({ settings: { ...(stored.settings ?? {}), port: ${Number(port)} }${paired} }))`;
    // The worker's target appears before its extension APIs are bound: wait for chrome.storage.
    while (!(await hasStorage(browser, sessionId))) {
      if (Date.now() > deadline) throw new Error('the Browser Debug extension did not finish starting');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await browser.send('Runtime.evaluate', { expression, awaitPromise: true }, sessionId);
    const thrown = result.exceptionDetails as { text?: string } | undefined;
    if (thrown)
      throw new Error(
        `could not set the extension's connector port: ${(thrown as { exception?: { description?: string } }).exception?.description ?? thrown.text}`,
      );
  } finally {
    await browser.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}

async function hasStorage(browser: LaunchedBrowser, sessionId: string): Promise<boolean> {
  const answer = await browser.send(
    'Runtime.evaluate',
    { expression: "typeof chrome === 'object' && Boolean(chrome.storage)", returnByValue: true },
    sessionId,
  );
  return (answer.result as { value?: unknown } | undefined)?.value === true;
}
