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

/** The tab's frames whose own origin is in scope, as the registered scripts choose them (the top one first). */
export async function framesInScope(tabId: number, settings: Settings): Promise<number[]> {
  const frames = (await chrome.webNavigation.getAllFrames({ tabId })) ?? [];
  const ids = frames.filter((frame) => frame.frameId !== 0 && isInScope(frame.url, settings)).map((f) => f.frameId);
  return [0, ...ids];
}

/** The content scripts, into one open tab's frames in scope: relay first, so it hears the hook's first words. */
async function injectInto(tabId: number, settings: Settings): Promise<void> {
  const target = { tabId, frameIds: await framesInScope(tabId, settings) };
  await chrome.scripting.executeScript({ target, files: ['relay.js'], world: 'ISOLATED', injectImmediately: true });
  // The late-start note is the page's, said once: only the top frame is marked.
  await chrome.scripting.executeScript({
    target: { tabId },
    world: 'MAIN',
    injectImmediately: true,
    func: markAttachedLate,
    args: [HOOK_MARKS.pageHook, HOOK_MARKS.attachedLate],
  });
  await chrome.scripting.executeScript({ target, files: ['pageHook.js'], world: 'MAIN', injectImmediately: true });
  if (settings.captureBodies)
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
  const results = await Promise.allSettled(targets.map((tab) => injectInto(tab.id!, settings)));
  return results.filter((result) => result.status === 'fulfilled').length;
}
