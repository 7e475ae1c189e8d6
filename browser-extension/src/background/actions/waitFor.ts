import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';

interface WaitArgs {
  text?: string;
  selector?: string;
  gone: boolean;
  timeoutMs: number;
}

/**
 * Runs in the page (isolated world): resolves when the text is visible and the selector matches a
 * visible element (or, with `gone`, when neither holds), checking on every DOM change and each 100 ms.
 */
function waitInPage({
  text,
  selector,
  gone,
  timeoutMs,
}: WaitArgs): Promise<{ met: boolean; elapsedMs: number; error?: string }> {
  const started = performance.now();
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const present = () => {
    const textHere = text === undefined || (document.body?.innerText ?? '').includes(text);
    const elementHere = selector === undefined || [...document.querySelectorAll(selector)].some(visible);
    return textHere && elementHere;
  };
  return new Promise((resolve) => {
    const finish = (met: boolean, error?: string) => {
      observer.disconnect();
      clearInterval(timer);
      resolve({ met, elapsedMs: Math.round(performance.now() - started), error });
    };
    const check = () => {
      try {
        if (present() !== gone) finish(true);
        else if (performance.now() - started >= timeoutMs) finish(false);
      } catch (error) {
        finish(false, (error as Error).message);
      }
    };
    const observer = new MutationObserver(check);
    const timer = setInterval(check, 100);
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    check();
  });
}

/** wait_for: text or a selector appearing (or gone) in the target tab, within timeoutMs. */
export async function waitFor(args: {
  text?: unknown;
  selector?: unknown;
  gone?: unknown;
  timeoutMs?: unknown;
  tabId?: number;
}) {
  const wait: WaitArgs = {
    text: typeof args.text === 'string' ? args.text : undefined,
    selector: typeof args.selector === 'string' ? args.selector : undefined,
    gone: args.gone === true,
    timeoutMs: typeof args.timeoutMs === 'number' ? args.timeoutMs : 5000,
  };
  if (wait.text === undefined && wait.selector === undefined)
    throw new CommandError('INVALID_ARGUMENT', 'Give `text` or `selector` to wait for.');
  const tab = await targetTab(args.tabId);
  const [injected] = await chrome.scripting.executeScript({
    target: { tabId: tab.id! },
    func: waitInPage,
    args: [wait],
  });
  const result = injected?.result as Awaited<ReturnType<typeof waitInPage>> | undefined;
  if (!result)
    throw new CommandError('COMMAND_FAILED', 'The page navigated or closed while waiting. Call wait_for again.');
  if (result.error)
    throw new CommandError('INVALID_ARGUMENT', `The selector '${wait.selector}' is not valid CSS (${result.error}).`);
  const after = await chrome.tabs.get(tab.id!);
  return { tabId: tab.id, url: after.url, title: after.title, met: result.met, elapsedMs: result.elapsedMs };
}
