import * as vscode from 'vscode';
import { WebSocket } from 'ws';
import { callerHeaders } from './callerSecret';
import type { NetworkMock } from '../shared/networkMocks';
import type {
  StoredConsoleError,
  StoredConsoleLog,
  StoredEntry,
  StoredNetworkRequest,
  StoredWebSocketEvent,
  StoredScreenshot,
  StoredSelectedElement,
} from '../shared/protocol';
import type { AgentActionFrame } from '../shared/wireFrames';
import type { Logger } from '../connector/logging/logger';
import { WebVitalsBook } from '../connector/performance/webVitals';
import type { PageLoadVitals, PerformanceTraceRecord } from '../shared/performance';
import { agentActionFrameSchema } from '../shared/wireFrames';
import type { RemoteReport } from '../shared/remoteStatus';

export type ConsoleEntry = StoredConsoleLog | StoredConsoleError;

export interface PageLoad {
  id: string;
  url: string;
  title?: string;
  tabId?: number;
  /** When the load began (its page-navigated entry). */
  startedAt?: number;
  /** A later load in the same tab replaced this one. */
  replaced?: boolean;
}

/** Views show the newest this many per kind; the connector keeps more. */
const VIEW_LIMIT = 5000;

/**
 * The window's copy of the captures, streamed from the connector's `/ws` (its own or another
 * window's), so every view and the dashboard read one model. Reconnecting replays from scratch:
 * a connector taken over by another window starts its own numbering.
 */
export class CaptureFeed implements vscode.Disposable {
  console: ConsoleEntry[] = [];
  network: StoredNetworkRequest[] = [];
  /** The page's WebSocket opens, frames, closes and errors, oldest first. */
  websockets: StoredWebSocketEvent[] = [];
  /** The network mock rules in force, as the connector last said. */
  networkMocks: NetworkMock[] = [];
  screenshots: StoredScreenshot[] = [];
  /** The assistant's actions in the browser, oldest first. */
  actions: AgentActionFrame[] = [];
  element: StoredSelectedElement | undefined;
  readonly pageLoads = new Map<string, PageLoad>();
  currentPageLoad: string | undefined;
  browserConnected = false;
  connected = false;
  /** Hybrid mode of the connector this window follows; null while it is off. */
  remote: RemoteReport | null = null;
  /** Web Vitals per page load, as the pages report them. */
  readonly vitals = new WebVitalsBook();
  /** Performance traces the connector keeps, oldest first. */
  traces: PerformanceTraceRecord[] = [];

  private socket: WebSocket | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly added = new vscode.EventEmitter<StoredEntry[]>();
  private readonly cleared = new vscode.EventEmitter<void>();
  private readonly closed = new vscode.EventEmitter<void>();
  private readonly acted = new vscode.EventEmitter<AgentActionFrame>();
  private readonly traced = new vscode.EventEmitter<PerformanceTraceRecord>();
  private readonly recordingsChanged = new vscode.EventEmitter<void>();
  private pendingAdded: StoredEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Fires at most every 30 ms, after a burst. */
  readonly onDidChange = this.changed.event;
  /** The entries stored since the previous event, oldest first. */
  readonly onDidAdd = this.added.event;
  readonly onDidClear = this.cleared.event;
  /** The connection to the connector ended (its window closed or it stopped). */
  readonly onDidClose = this.closed.event;
  /** The assistant did something in the browser (a click, a fill, an emulation...). */
  readonly onDidAct = this.acted.event;
  /** A performance trace was recorded (here or by an MCP client). */
  readonly onDidTrace = this.traced.event;
  /** The connector's recordings changed (started, stopped, replayed, imported, deleted). */
  readonly onDidChangeRecordings = this.recordingsChanged.event;

  constructor(private readonly logger: Logger) {}

  connect(port: number): Promise<void> {
    this.socket?.close();
    this.reset();
    // `ws`, not the global WebSocket: it sends the caller secret as a header.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?since=0`, { headers: callerHeaders() });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      socket.onopen = () => {
        this.connected = true;
        resolve();
      };
      socket.onerror = () => reject(new Error(`Could not open ws://127.0.0.1:${port}/ws`));
      socket.onmessage = (event) => this.receive(String(event.data));
      socket.onclose = () => {
        if (this.socket !== socket) return;
        this.connected = false;
        this.browserConnected = false;
        this.remote = null;
        this.socket = undefined;
        this.schedule();
        this.closed.fire();
      };
    });
  }

  disconnect(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.connected = false;
    this.remote = null;
    socket?.close();
  }

  dispose(): void {
    this.disconnect();
    clearTimeout(this.timer);
    for (const emitter of [
      this.changed,
      this.added,
      this.cleared,
      this.closed,
      this.acted,
      this.traced,
      this.recordingsChanged,
    ])
      emitter.dispose();
  }

  private reset(): void {
    this.networkMocks = [];
    this.console = [];
    this.network = [];
    this.websockets = [];
    this.screenshots = [];
    this.actions = [];
    this.element = undefined;
    this.pageLoads.clear();
    this.currentPageLoad = undefined;
    this.vitals.clear();
    this.cleared.fire();
  }

  private receive(text: string): void {
    let frame: { type: string } & Record<string, unknown>;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    switch (frame.type) {
      case 'browser-status':
        this.browserConnected = frame.connected === true;
        return this.schedule();
      case 'remote-status':
        this.remote = (frame.remote as RemoteReport | null) ?? null;
        return this.schedule();
      case 'cleared': {
        // clear_logs empties the captures; what the assistant did stays on record.
        const { actions, networkMocks } = this;
        this.reset();
        this.actions = actions;
        this.networkMocks = networkMocks;
        return this.schedule();
      }
      case 'agent-action': {
        const action = agentActionFrameSchema.safeParse(frame);
        if (action.success) this.act(action.data);
        else
          this.logger.warn(
            `Connector stream: an invalid agent-action frame was ignored (${action.error.issues[0]?.message ?? 'unknown problem'}).`,
          );
        return;
      }
      case 'error':
        this.logger.warn(`Connector stream: ${String(frame.message)}`);
        return;
      case 'performance-trace':
        return this.addTrace(frame as unknown as PerformanceTraceRecord);
      case 'web-vitals-snapshot':
        this.vitals.load(frame.pageLoads as PageLoadVitals[]);
        return this.schedule();
      case 'recordings-changed':
        return this.recordingsChanged.fire();
      case 'network-mocks':
        this.networkMocks = Array.isArray(frame.mocks) ? (frame.mocks as NetworkMock[]) : [];
        return this.schedule();
      default:
        if (typeof (frame as { seq?: unknown }).seq === 'number') this.add(frame as unknown as StoredEntry);
    }
  }

  /** A reconnect replays recent actions: each is kept once. */
  private act(action: AgentActionFrame): void {
    if (this.actions.some((known) => known.id === action.id)) return;
    push(this.actions, action);
    this.acted.fire(action);
  }

  private add(entry: StoredEntry): void {
    switch (entry.type) {
      case 'console-log':
      case 'console-error':
        push(this.console, entry);
        break;
      case 'network-request':
        push(this.network, entry);
        break;
      case 'websocket':
        push(this.websockets, entry);
        break;
      case 'selected-element':
        this.element = entry;
        break;
      case 'screenshot':
        push(this.screenshots, entry);
        break;
      case 'page-navigated': {
        let previous: PageLoad | undefined;
        for (const load of this.pageLoads.values())
          if (load.tabId === entry.tabId && load.id !== entry.pageLoadId) {
            load.replaced = true;
            previous = load;
          }
        this.pageLoads.set(entry.pageLoadId, {
          id: entry.pageLoadId,
          url: entry.url,
          // A reload often comes without a title (the tab's title did not change): keep the one it had.
          title: entry.title ?? (previous?.url === entry.url ? previous.title : undefined),
          tabId: entry.tabId,
          startedAt: entry.timestamp,
        });
        this.currentPageLoad = entry.pageLoadId;
        break;
      }
      case 'web-vitals':
        this.vitals.observe(entry);
        break;
      case 'current-url': {
        // A new object, so the views see the group changed and relabel it (the title arrives after the load).
        const load = this.pageLoads.get(entry.pageLoadId);
        if (load) this.pageLoads.set(load.id, { ...load, url: entry.url, title: entry.title ?? load.title });
        break;
      }
    }
    this.pendingAdded.push(entry);
    this.schedule();
  }

  /** Replays repeat kept traces: each is added once, by id. */
  private addTrace(record: PerformanceTraceRecord): void {
    if (this.traces.some((trace) => trace.id === record.id)) return;
    this.traces.push(record);
    if (this.traces.length > 20) this.traces.shift();
    this.traced.fire(record);
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const added = this.pendingAdded;
      this.pendingAdded = [];
      if (added.length) this.added.fire(added);
      this.changed.fire();
    }, 30);
  }
}

function push<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > VIEW_LIMIT * 1.2) list.splice(0, list.length - VIEW_LIMIT);
}
