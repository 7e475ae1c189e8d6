import type { Settings } from '../common/messages';
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
    ...(settings.captureBodies ? [{ id: IDS[2]!, js: ['bodyHook.js'], matches, runAt: 'document_start' as const, world: 'MAIN' as const, persistAcrossSessions: true }] : []),
  ]);
}
