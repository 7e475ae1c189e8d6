import { CommandError } from './commandError';
import { forgetAll } from './targetTab';

const NAVIGATION_TIMEOUT_MS = 30_000;

type Details = { tabId: number; frameId: number; documentId?: string };

/**
 * Starts a navigation with `start` and resolves once the document it commits fires `load` (or
 * `domcontentloaded`). A late event of the page before does not end the wait.
 */
export function waitForLoad(
  tabId: number,
  waitUntil: 'load' | 'domcontentloaded',
  start: () => Promise<unknown>,
): Promise<void> {
  const event = waitUntil === 'load' ? chrome.webNavigation.onCompleted : chrome.webNavigation.onDOMContentLoaded;
  return new Promise<void>((resolve, reject) => {
    let documentId: string | undefined;
    const timer = setTimeout(
      () =>
        done(
          new CommandError(
            'TIMEOUT',
            `The page did not reach '${waitUntil}' within ${NAVIGATION_TIMEOUT_MS / 1000} s.`,
          ),
        ),
      NAVIGATION_TIMEOUT_MS,
    );
    const committed = (details: Details) => {
      if (details.tabId === tabId && details.frameId === 0) documentId = details.documentId;
    };
    const reached = (details: Details) => {
      if (
        details.tabId === tabId &&
        details.frameId === 0 &&
        documentId !== undefined &&
        details.documentId === documentId
      )
        done();
    };
    const failed = (details: Details & { error: string }) => {
      if (details.tabId === tabId && details.frameId === 0 && details.error !== 'net::ERR_ABORTED')
        done(new CommandError('NAVIGATION_FAILED', `Navigation failed: ${details.error}.`));
    };
    function done(error?: Error) {
      clearTimeout(timer);
      // The tab changed under the kept tab answers: the next command reads it afresh, whatever events lag.
      forgetAll();
      chrome.webNavigation.onCommitted.removeListener(committed);
      event.removeListener(reached);
      chrome.webNavigation.onErrorOccurred.removeListener(failed);
      if (error) reject(error);
      else resolve();
    }
    chrome.webNavigation.onCommitted.addListener(committed);
    event.addListener(reached);
    chrome.webNavigation.onErrorOccurred.addListener(failed);
    start().catch((error: Error) =>
      done(error instanceof CommandError ? error : new CommandError('NAVIGATION_FAILED', error.message)),
    );
  });
}
