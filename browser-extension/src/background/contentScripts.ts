import type { Settings } from '../common/messages';
import { injectIntoOpenTabs } from './openTabs';
import { scopePatterns } from './scope';

const IDS = ['browser-debug-hook', 'browser-debug-relay', 'browser-debug-bodies'];

/**
 * Every frame whose own origin is in scope gets the scripts, so a cross-origin iframe on another in-scope
 * origin is captured like its page; about:blank, srcdoc and blob: frames get them as the frame that made
 * them would (`matchOriginAsFallback`). A frame of an origin outside the scope (a payment provider's) is
 * not touched, as mocks judge scope per frame too (docs/decisions.md, "Many documents per page").
 */
const EVERY_FRAME = { allFrames: true, matchOriginAsFallback: true };

/**
 * Registers the page hook (MAIN world) and relay (isolated) for exactly the pages in scope, plus the
 * body hook when the user opted in to bodies.
 */
export async function registerContentScripts(settings: Settings): Promise<void> {
  const matches = scopePatterns(settings);
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: IDS });
  if (existing.length) await chrome.scripting.unregisterContentScripts({ ids: existing.map((script) => script.id) });
  const everyFrame = { matches, runAt: 'document_start' as const, persistAcrossSessions: true, ...EVERY_FRAME };
  await chrome.scripting.registerContentScripts([
    { id: IDS[0]!, js: ['pageHook.js'], world: 'MAIN', ...everyFrame },
    { id: IDS[1]!, js: ['relay.js'], world: 'ISOLATED', ...everyFrame },
    ...(settings.captureBodies ? [{ id: IDS[2]!, js: ['bodyHook.js'], world: 'MAIN' as const, ...everyFrame }] : []),
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
