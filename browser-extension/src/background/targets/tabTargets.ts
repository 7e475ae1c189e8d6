import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';

/** Kinds of child target a tab has: out-of-process iframes and the workers its documents run. */
export type TargetKind = 'iframe' | 'worker' | 'shared_worker' | 'service_worker';

/** One child target of a tab, attached under the tab's debugger session (CDP flat sessions). */
export interface ChildTarget {
  sessionId: string;
  targetId: string;
  type: TargetKind;
  url: string;
  /** The session it was attached from: undefined for the tab's own page, else another child (a nested OOPIF). */
  parentSessionId?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EventParams = any;
type Listener = (params: EventParams, target: ChildTarget) => void;

const KINDS = new Set<string>(['iframe', 'worker', 'shared_worker', 'service_worker']);
/** Every child attaches its own children too (nested OOPIFs, a worker's workers), and lets them run. */
export const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: false, flatten: true };
/** The Network domain with no bodies kept: its events say which requests are in flight, nothing more. */
export const NETWORK_COUNT_ONLY = { maxTotalBufferSize: 0, maxResourceBufferSize: 0 };

/**
 * The child targets of one tab's debugger session: out-of-process iframes, dedicated, shared and service
 * workers, each a CDP flat session addressed by its `sessionId` on the tab's one `chrome.debugger` attach.
 * The tab's action session feeds it the `Target.*` events and every event a child sends; other modules list
 * targets, send to one, and listen to their events here. Commands still go through the tab's queue and lease.
 */
export class TabTargets {
  private readonly targets = new Map<string, ChildTarget>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly attachedListeners = new Set<(target: ChildTarget) => void>();

  constructor(
    readonly tabId: number,
    private readonly isClosed: () => boolean,
  ) {}

  /** Every attached child, in the order they attached. */
  list(): ChildTarget[] {
    return [...this.targets.values()];
  }

  get(sessionId: string): ChildTarget | undefined {
    return this.targets.get(sessionId);
  }

  /** A child by its target id, which (unlike its session id) outlives a detach and attach of the tab's debugger. */
  byTargetId(targetId: string): ChildTarget | undefined {
    return this.list().find((target) => target.targetId === targetId);
  }

  /**
   * The child with this target id once it has attached, or undefined after `ms`: a tab's children attach again
   * a moment after the tab's debugger does (after an idle detach, say), and a frame found by hit testing may
   * be one of them.
   */
  whenAttached(targetId: string, ms: number): Promise<ChildTarget | undefined> {
    const known = this.byTargetId(targetId);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => {
      const settle = (target: ChildTarget | undefined) => {
        clearTimeout(timer);
        stop();
        resolve(target);
      };
      const timer = setTimeout(() => settle(undefined), ms);
      const stop = this.onAttached((target) => {
        if (target.targetId === targetId) settle(target);
      });
    });
  }

  /** A Send bound to one child session. */
  sender(sessionId: string): Send {
    return (method, params) => {
      if (this.isClosed() || !this.targets.has(sessionId))
        return Promise.reject(
          new CommandError(
            'TARGET_GONE',
            'That frame or worker is gone (it navigated or closed). Take a new snapshot and use its refs.',
          ),
        );
      return chrome.debugger.sendCommand({ tabId: this.tabId, sessionId }, method, params) as Promise<never>;
    };
  }

  /** Listens to one CDP event from every child (the target says which); answers the unsubscribe. */
  on(method: string, listener: Listener): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Called for each child as it attaches (and, at once, for each attached already). */
  onAttached(listener: (target: ChildTarget) => void): () => void {
    this.attachedListeners.add(listener);
    for (const target of this.targets.values()) listener(target);
    return () => this.attachedListeners.delete(listener);
  }

  /** An event from the tab's debugger: `sessionId` is the child it came from (undefined: the page itself). */
  dispatch(sessionId: string | undefined, method: string, params: EventParams): void {
    if (method === 'Target.attachedToTarget') return this.attached(sessionId, params);
    if (method === 'Target.detachedFromTarget') return void this.detached(params.sessionId);
    if (method === 'Target.targetInfoChanged') {
      for (const target of this.targets.values())
        if (target.targetId === params.targetInfo?.targetId) target.url = params.targetInfo.url;
      return;
    }
    const target = sessionId === undefined ? undefined : this.targets.get(sessionId);
    if (!target) return;
    for (const listener of [...(this.listeners.get(method) ?? [])]) listener(params, target);
  }

  private attached(parentSessionId: string | undefined, params: EventParams): void {
    const info = params.targetInfo ?? {};
    if (!KINDS.has(info.type)) return;
    const target: ChildTarget = {
      sessionId: params.sessionId,
      targetId: info.targetId,
      type: info.type,
      url: info.url ?? '',
      ...(parentSessionId ? { parentSessionId } : {}),
    };
    this.targets.set(target.sessionId, target);
    const send = this.sender(target.sessionId);
    // Its own children (an OOPIF inside it, a worker it starts) attach to it in turn.
    void send('Target.setAutoAttach', AUTO_ATTACH).catch(() => undefined);
    if (target.type === 'iframe') {
      void send('DOM.enable').catch(() => undefined);
      // Only to count its requests in flight for the wait after an action; capture stays with webRequest.
      void send('Network.enable', NETWORK_COUNT_ONLY).catch(() => undefined);
    }
    for (const listener of [...this.attachedListeners]) listener(target);
  }

  private detached(sessionId: string): void {
    if (!this.targets.delete(sessionId)) return;
    // A detached frame takes its own children with it.
    for (const target of [...this.targets.values()])
      if (target.parentSessionId === sessionId) this.detached(target.sessionId);
  }
}
