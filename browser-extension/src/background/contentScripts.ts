import type { Settings } from '../common/messages';
import { injectIntoOpenTabs } from './openTabs';
import { scopePatterns } from './scope';

const IDS = ['browser-debug-hook', 'browser-debug-relay', 'browser-debug-bodies'];

/**
 * Registers the page hook (MAIN world) and relay (isolated) for exactly the pages in scope, plus the
 * body hook when the user opted in to bodies.
 */
export async function registerContentScripts(settings: Settings): Promise<void> {
  const matches = scopePatterns(settings);
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: IDS });
  if (existing.length) await chrome.scripting.unregisterContentScripts({ ids: existing.map((script) => script.id) });
  await chrome.scripting.registerContentScripts([
    { id: IDS[0]!, js: ['pageHook.js'], matches, runAt: 'document_start', world: 'MAIN', persistAcrossSessions: true },
    { id: IDS[1]!, js: ['relay.js'], matches, runAt: 'document_start', world: 'ISOLATED', persistAcrossSessions: true },
    ...(settings.captureBodies
      ? [
          {
            id: IDS[2]!,
            js: ['bodyHook.js'],
            matches,
            runAt: 'document_start' as const,
            world: 'MAIN' as const,
            persistAcrossSessions: true,
          },
        ]
      : []),
  ]);
}

/** Set in session storage once open tabs got the scripts: cleared when the browser starts or the extension is installed, updated or reloaded. */
const INJECTED_KEY = 'openTabsInjected';

/**
 * Registers the content scripts, then injects them into open tabs in scope: once per install or browser
 * start (not at every service-worker wake-up, which MV3 does often), and again when the scope widens or
 * bodies are switched on (`changed`).
 */
export async function applyContentScripts(settings: Settings, changed = false): Promise<void> {
  await registerContentScripts(settings);
  if (!changed && (await chrome.storage.session.get(INJECTED_KEY))[INJECTED_KEY]) return;
  await chrome.storage.session.set({ [INJECTED_KEY]: true });
  // Not awaited by the caller's start-up: injection must not hold back captures already arriving.
  void injectIntoOpenTabs(settings).catch(() => undefined);
}
