import type { Settings } from '../common/messages';
import { scopePatterns } from './scope';

const IDS = ['browser-debug-hook', 'browser-debug-relay'];

/** Registers the page hook (MAIN world) and relay (isolated) for exactly the pages in scope. */
export async function registerContentScripts(settings: Settings): Promise<void> {
  const matches = scopePatterns(settings);
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: IDS });
  if (existing.length) await chrome.scripting.unregisterContentScripts({ ids: existing.map((script) => script.id) });
  await chrome.scripting.registerContentScripts([
    { id: IDS[0]!, js: ['pageHook.js'], matches, runAt: 'document_start', world: 'MAIN', persistAcrossSessions: true },
    { id: IDS[1]!, js: ['relay.js'], matches, runAt: 'document_start', world: 'ISOLATED', persistAcrossSessions: true },
  ]);
}
