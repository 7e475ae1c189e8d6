/**
 * A fake `chrome` for workers/workerCapture.ts in Node: the events it and its imports listen to, the top frame
 * webNavigation reports, and chrome.debugger attaches that resolve when the test lets them.
 */
type Listener = (...args: any[]) => void;

export const fake = {
  committed: [] as Listener[],
  removed: [] as Listener[],
  storageChanged: [] as Listener[],
  /** The tab's top document as webNavigation reports it. */
  top: { documentId: 'doc-1', url: 'http://localhost:5173/' },
  frameLookups: 0,
  attaches: [] as number[],
  /** Attaches wait for this before resolving (a test can hold them). */
  attachGate: Promise.resolve() as Promise<void>,
};

const events = (list: Listener[]) => ({ addListener: (listener: Listener) => list.push(listener) });

/** Puts the fake in place; again before the tests run, since other suites' fakes replace parts of `chrome`. */
export function installFake(): void {
  Object.assign(globalThis, {
    chrome: {
      ...(globalThis as { chrome?: object }).chrome,
      storage: { local: { get: async () => ({}), set: async () => undefined }, onChanged: events(fake.storageChanged) },
      webNavigation: {
        onCommitted: events(fake.committed),
        getFrame: async () => (fake.frameLookups++, { ...fake.top }),
      },
      tabs: { onRemoved: events(fake.removed), onActivated: events([]) },
      debugger: {
        onEvent: events([]),
        onDetach: events([]),
        attach: async ({ tabId }: { tabId: number }) => (fake.attaches.push(tabId), fake.attachGate),
        detach: async () => undefined,
        sendCommand: async (_target: unknown, method: string) =>
          method === 'Page.getFrameTree' ? { frameTree: { frame: { id: 'main' } } } : {},
      },
    },
  });
}

// settings.ts listens to chrome.storage when it loads.
installFake();

export function setCapture(on: boolean): void {
  for (const listener of fake.storageChanged)
    listener({ settings: { newValue: { extraOrigins: [], captureWorkerConsoles: on } } }, 'local');
}
