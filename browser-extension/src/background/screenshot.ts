import type { ScreenshotReply } from '../../../src/shared/browserCommands';
import type { ScreenshotOptions } from '../../../src/shared/screenshotSchema';
import { CommandError } from './commandError';
import { withDebugger, type Send } from './debuggerSession';
import { dataUrlToBlob, makePreview } from './preview';
import { targetTab } from './targetTab';

/** captureVisibleTab allows two calls a second; we space them out rather than fail. */
const VISIBLE_CAPTURE_GAP_MS = 510;
let lastVisibleCapture = 0;
let visibleQueue: Promise<unknown> = Promise.resolve();

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Visible area through captureVisibleTab (no debugger); full page or one element through a brief
 * debugger attach (Page.captureScreenshot beyond the viewport, clipped).
 */
export async function takeScreenshot(options: ScreenshotOptions): Promise<ScreenshotReply> {
  const tab = await targetTab(options.tabId);
  const format = options.format ?? 'png';
  const quality = options.quality ?? 80;
  const hidden = options.removeElements?.length ? await setHidden(tab.id!, options.removeElements, true) : false;
  try {
    if (options.waitFor) await delay(options.waitFor);
    const fullPage = options.fullPage ?? true;
    const data =
      !fullPage && !options.selector && tab.active
        ? await captureVisible(tab.windowId, format, quality)
        : await withDebugger(tab.id!, (send) =>
            captureWithDebugger(send, { fullPage, selector: options.selector, format, quality }),
          );
    const preview = options.preview
      ? await makePreview(await dataUrlToBlob(data), options.preview.maxDimension, options.preview.maxBytes)
      : undefined;
    return { data, preview };
  } finally {
    if (hidden) await setHidden(tab.id!, options.removeElements!, false);
  }
}

function captureVisible(windowId: number, format: 'png' | 'jpeg', quality: number): Promise<string> {
  const run = visibleQueue.then(async () => {
    const wait = lastVisibleCapture + VISIBLE_CAPTURE_GAP_MS - Date.now();
    if (wait > 0) await delay(wait);
    lastVisibleCapture = Date.now();
    return chrome.tabs.captureVisibleTab(windowId, format === 'jpeg' ? { format, quality } : { format });
  });
  visibleQueue = run.catch(() => undefined);
  return run;
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function captureWithDebugger(
  send: Send,
  options: { fullPage: boolean; selector?: string; format: 'png' | 'jpeg'; quality: number },
): Promise<string> {
  let clip: Clip | undefined;
  if (options.selector) clip = await elementClip(send, options.selector);
  else if (options.fullPage) {
    const metrics = await send<{ cssContentSize: { width: number; height: number } }>('Page.getLayoutMetrics');
    clip = {
      x: 0,
      y: 0,
      width: Math.ceil(metrics.cssContentSize.width),
      height: Math.ceil(metrics.cssContentSize.height),
    };
  }
  const { data } = await send<{ data: string }>('Page.captureScreenshot', {
    format: options.format,
    ...(options.format === 'jpeg' ? { quality: options.quality } : {}),
    ...(clip ? { clip: { ...clip, scale: 1 }, captureBeyondViewport: true } : {}),
  });
  return `data:image/${options.format};base64,${data}`;
}

async function elementClip(send: Send, selector: string): Promise<Clip> {
  const expression = `(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return null;
    const r = el.getBoundingClientRect(); return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; })()`;
  const { result, exceptionDetails } = await send<{
    result: { value?: Clip | null };
    exceptionDetails?: { exception?: { description?: string } };
  }>('Runtime.evaluate', { expression, returnByValue: true });
  if (exceptionDetails)
    throw new CommandError(
      'INVALID_SELECTOR',
      `'${selector}' is not a valid CSS selector: ${exceptionDetails.exception?.description ?? 'syntax error'}.`,
    );
  const clip = result.value;
  if (!clip)
    throw new CommandError(
      'ELEMENT_NOT_FOUND',
      `No element matches '${selector}' on the page. Check the selector, or take a full-page screenshot.`,
    );
  if (clip.width < 1 || clip.height < 1)
    throw new CommandError('ELEMENT_NOT_VISIBLE', `The element '${selector}' has no size (hidden or empty).`);
  return clip;
}

/** Hides (or restores) the elements matching `selectors`, remembering their own inline visibility. */
async function setHidden(tabId: number, selectors: string[], hide: boolean): Promise<boolean> {
  await chrome.scripting.executeScript({
    target: { tabId },
    args: [selectors, hide],
    func: async (list: string[], hiding: boolean) => {
      const mark = 'data-browser-debug-hidden';
      if (!hiding) {
        for (const el of document.querySelectorAll<HTMLElement>(`[${mark}]`)) {
          el.style.visibility = el.getAttribute(mark) ?? '';
          el.removeAttribute(mark);
        }
        return;
      }
      for (const selector of list) {
        for (const el of document.querySelectorAll<HTMLElement>(selector)) {
          if (!el.hasAttribute(mark)) el.setAttribute(mark, el.style.visibility);
          el.style.setProperty('visibility', 'hidden', 'important');
        }
      }
      // The capture takes the last painted frame: wait until one without them is painted (rAF stalls in a
      // background tab, hence the cap).
      await new Promise<void>((painted) => {
        requestAnimationFrame(() => requestAnimationFrame(() => painted()));
        setTimeout(painted, 200);
      });
    },
  });
  return true;
}
