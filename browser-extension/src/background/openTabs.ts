import { HOOK_MARKS } from '../common/hookMarks';
import type { Settings } from '../common/messages';
import { isInScope } from './scope';

/** Open-tab injections this worker made (its memory only): a restarted worker that injected nothing says 0. */
export const injectionStats = { runs: 0 };

/** Marks the page so the page hook, if it was not there yet, says it joined late. Runs in the page. */
function markAttachedLate(hookMark: string, lateMark: string): void {
  const page = window as unknown as Record<symbol, unknown>;
  if (!page[Symbol.for(hookMark)]) page[Symbol.for(lateMark)] = true;
}

/** The content scripts, into one open tab: relay first, so it hears the hook's first words. */
async function injectInto(tabId: number, captureBodies: boolean): Promise<void> {
  const target = { tabId };
  await chrome.scripting.executeScript({ target, files: ['relay.js'], world: 'ISOLATED', injectImmediately: true });
  await chrome.scripting.executeScript({
    target,
    world: 'MAIN',
    injectImmediately: true,
    func: markAttachedLate,
    args: [HOOK_MARKS.pageHook, HOOK_MARKS.attachedLate],
  });
  await chrome.scripting.executeScript({ target, files: ['pageHook.js'], world: 'MAIN', injectImmediately: true });
  if (captureBodies)
    await chrome.scripting.executeScript({ target, files: ['bodyHook.js'], world: 'MAIN', injectImmediately: true });
}

/**
 * Registered content scripts reach only pages loaded after registration. Tabs already open when the
 * extension is installed or enabled, when the browser restored them, or when the scope grows get the
 * scripts injected here; each script runs once per page however often this is called.
 * Resolves to the number of tabs injected into; a tab that cannot take scripts is left alone.
 */
export async function injectIntoOpenTabs(settings: Settings): Promise<number> {
  injectionStats.runs++;
  const tabs = await chrome.tabs.query({ discarded: false });
  const targets = tabs.filter((tab) => tab.id !== undefined && isInScope(tab.url, settings));
  const results = await Promise.allSettled(targets.map((tab) => injectInto(tab.id!, settings.captureBodies)));
  return results.filter((result) => result.status === 'fulfilled').length;
}
