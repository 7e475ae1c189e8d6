import type { ActDialog } from '../../../../src/shared/actions';
import { CommandError } from '../commandError';
import { debuggerStats, shareSession, type Send } from '../debuggerSession';
import { framesDrawn } from './framesDrawn';
import { KeptVisible } from './keptVisible';
import { AUTO_ATTACH, NETWORK_COUNT_ONLY, TabTargets } from '../targets/tabTargets';

/** Without an action for this long the debugger detaches, and Chrome's "is debugging" bar goes away. */
export const IDLE_MS = 10_000;
/** A page that does not even enable its domains this fast is paused (a dialog) or hung. */
const ENABLE_TIMEOUT_MS = 5000;

export interface OpenDialog extends ActDialog {
  openedAt: number;
}

/** CDP event params as the protocol defines them; we read the few fields we need. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EventParams = any;
type Listener = (params: EventParams) => void;

/**
 * chrome.debugger attached to one tab while the assistant acts in it: attached on the first action,
 * detached after IDLE_MS without one. Default capture never opens one; opted-in worker capture opens and pins it
 * (workers/workerCapture.ts).
 */
export class ActionSession {
  dialog: OpenDialog | undefined;
  /**
   * The last dialog that opened, kept after it closed. A dialog the page opened by itself may be answered
   * before its opening event reached us; the event still comes before the answer's reply, so this names it.
   */
  lastDialog: OpenDialog | undefined;
  /** Where the pointer is (CSS px), so hovers and drags move from there. */
  mouse = { x: 0, y: 0 };
  /**
   * Requests still waiting for an answer, for the network quiet period after an action: the page's by their
   * request id, an out-of-process iframe's as `sessionId/requestId`.
   */
  readonly inFlight = new Set<string>();
  /** The tab's main frame, to tell its navigations from those of iframes. */
  mainFrameId = '';
  /** The tab's out-of-process iframes and workers, attached under this session (targets/). */
  readonly targets: TabTargets;
  readonly visibility: KeptVisible;
  private readonly listeners = new Map<string, Set<Listener>>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pins = new Set<string>();
  private holds = 0;
  private closed = false;

  constructor(readonly tabId: number) {
    this.targets = new TabTargets(tabId, () => this.closed);
    this.visibility = new KeptVisible(
      tabId,
      this.send,
      IDLE_MS,
      () => this.closed,
      () => framesDrawn([this]),
    );
  }

  readonly send: Send = (method, params) => {
    if (this.closed)
      return Promise.reject(
        new CommandError(
          'DEBUGGER_DETACHED',
          'The debugger was detached from the tab (was the "is debugging" bar closed?). Call the tool again to re-attach.',
        ),
      );
    this.touch();
    return chrome.debugger.sendCommand({ tabId: this.tabId }, method, params) as Promise<never>;
  };

  on(method: string, listener: Listener): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Resolves with the event's params the next time it fires. */
  next(method: string): { promise: Promise<EventParams>; cancel(): void } {
    let off = () => {};
    const promise = new Promise((resolve) => (off = this.on(method, (params) => (off(), resolve(params)))));
    return { promise, cancel: () => off() };
  }

  routedPastFrames(): boolean {
    return this.targets.list().some((target) => target.type === 'iframe');
  }

  /** The page has drawn its last scroll, so the tab routes input past its out-of-process frames rightly. */
  async drawn(): Promise<void> {
    if (this.routedPastFrames()) await framesDrawn([this]);
  }

  /** Keeps a hidden tab visible while an agent acts in it (keptVisible.ts). */
  show(): Promise<void> {
    return this.visibility.whileActing();
  }

  /** Pushes the idle detach back. */
  touch(): void {
    clearTimeout(this.idleTimer);
    if (this.pins.size === 0) this.idleTimer = setTimeout(() => void this.detach(), IDLE_MS);
  }

  /** Keeps the debugger attached while something is in force (emulation) until `unpin`. */
  pin(key: string): void {
    this.pins.add(key);
    clearTimeout(this.idleTimer);
  }

  unpin(key: string): void {
    if (this.pins.delete(key) && this.pins.size === 0) this.touch();
  }

  /** Another command's work on this debugger (a trace, a script): no idle detach until it ends. */
  async hold<T>(work: (send: Send) => Promise<T>): Promise<T> {
    const key = `shared-${++this.holds}`;
    this.pin(key);
    try {
      return await work(this.send);
    } finally {
      this.unpin(key);
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** An event of the tab's debugger; one a child target sent (`sessionId`) goes to `targets`. */
  dispatch(method: string, params: EventParams, sessionId?: string): void {
    if (sessionId !== undefined || method.startsWith('Target.')) {
      // An out-of-process iframe's requests count for the quiet period too, keyed by their frame's session.
      if (sessionId !== undefined) this.countRequest(method, params, `${sessionId}/`);
      return this.targets.dispatch(sessionId, method, params);
    }
    if (method === 'Page.javascriptDialogOpening')
      this.dialog = this.lastDialog = {
        type: params.type,
        message: params.message,
        defaultPrompt: params.defaultPrompt,
        url: params.url,
        openedAt: Date.now(),
      };
    if (method === 'Page.javascriptDialogClosed') this.dialog = undefined;
    this.countRequest(method, params, '');
    for (const listener of [...(this.listeners.get(method) ?? [])]) listener(params);
  }

  /** Keeps `inFlight`: a child session's request ids carry its `sessionId/` prefix (ids of two processes may meet). */
  private countRequest(method: string, params: EventParams, prefix: string): void {
    if (method === 'Network.requestWillBeSent') this.inFlight.add(prefix + params.requestId);
    if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed')
      this.inFlight.delete(prefix + params.requestId);
  }

  async detach(): Promise<void> {
    if (this.closed) return;
    this.markClosed();
    await chrome.debugger.detach({ tabId: this.tabId }).catch(() => undefined);
  }

  markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.visibility.stop();
    sessions.delete(this.tabId);
    shareSession(this.tabId, undefined);
    debuggerStats.attached--;
  }
}

const sessions = new Map<number, ActionSession>();
const opening = new Map<number, Promise<ActionSession>>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  chrome.debugger.onEvent.addListener((source, method, params) => {
    if (source.tabId !== undefined) sessions.get(source.tabId)?.dispatch(method, params, source.sessionId);
  });
  chrome.debugger.onDetach.addListener((source) => {
    if (source.tabId !== undefined) sessions.get(source.tabId)?.markClosed();
  });
  // Another tab in front may hide a tab that was visible: the next action looks again.
  chrome.tabs.onActivated.addListener(() => {
    for (const session of sessions.values()) session.visibility.forget();
  });
}

/** The open session of a tab, without attaching. */
export function openSession(tabId: number): ActionSession | undefined {
  return sessions.get(tabId);
}

/** The tab's action session, attaching the debugger (with Page, DOM and Network enabled) if none is open. */
export function actionSession(tabId: number): Promise<ActionSession> {
  const open = sessions.get(tabId);
  if (open) {
    open.touch();
    return Promise.resolve(open);
  }
  let pending = opening.get(tabId);
  if (!pending) {
    pending = attach(tabId).finally(() => opening.delete(tabId));
    opening.set(tabId, pending);
  }
  return pending;
}

async function attach(tabId: number): Promise<ActionSession> {
  listen();
  try {
    await chrome.debugger.attach({ tabId }, '1.3');
  } catch (error) {
    throw new CommandError(
      'DEBUGGER_UNAVAILABLE',
      `Could not attach to the tab to act in it (${(error as Error).message}). Close DevTools' debugger or other debugging extensions on that tab and retry.`,
    );
  }
  debuggerStats.attaches++;
  debuggerStats.attached++;
  const session = new ActionSession(tabId);
  sessions.set(tabId, session);
  shareSession(tabId, (work) => session.hold(work));
  try {
    await enableDomains(session);
  } catch (error) {
    await session.detach();
    throw error;
  }
  return session;
}

/**
 * Page first: Chrome then reports a dialog that is already open, and while one is, the renderer answers
 * nothing else. The other domains finish once it is answered; until then the session is usable for that.
 */
async function enableDomains(session: ActionSession): Promise<void> {
  const opened = session.next('Page.javascriptDialogOpening');
  // Network only counts requests in flight (the quiet period); capture stays with webRequest.
  const rest = Promise.all([
    session.send('Page.enable'),
    session.send('DOM.enable'),
    session.send('Network.enable', NETWORK_COUNT_ONLY),
    session
      .send<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree')
      .then(({ frameTree }) => (session.mainFrameId = frameTree.frame.id)),
    // Out-of-process iframes and workers, as child sessions (targets/tabTargets.ts). A Chrome without flat
    // sessions for extensions refuses it: the page itself is still driven.
    session.send('Target.setAutoAttach', AUTO_ATTACH).catch(() => undefined),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const blocked = new Promise<'blocked'>(
    (resolve) => (timer = setTimeout(() => resolve('blocked'), ENABLE_TIMEOUT_MS)),
  );
  const first = await Promise.race([rest.then(() => 'ready'), opened.promise.then(() => 'dialog'), blocked]);
  clearTimeout(timer);
  opened.cancel();
  if (first !== 'ready') rest.catch(() => undefined);
  // A dialog opened before we attached is not reported to us, and the paused page answers nothing.
  if (first === 'blocked')
    throw new CommandError(
      'PAGE_BLOCKED',
      `The page does not answer (within ${ENABLE_TIMEOUT_MS / 1000} s): most likely an alert, confirm or prompt dialog is open in it, or a script is stuck. Ask the user to close the dialog in Chrome (or reload the tab), then retry.`,
    );
}
