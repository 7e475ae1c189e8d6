/**
 * Messages between the extension's own pieces (content scripts, DevTools page, popup) and its
 * service worker. The connector never sees these; it sees `src/shared/protocol.ts` frames.
 */
import type { RemoteStatus } from '../../../src/shared/remote';
import type { VitalMetric } from '../../../src/shared/performance';
import type { SelectedElement, StackFrame } from '../../../src/shared/protocol';
import type { RecorderStep } from '../../../src/shared/recording';
import type { WebSocketEvent } from '../../../src/shared/websockets';

/** Name of the DOM event the MAIN-world hook uses to hand captures to the isolated relay. */
export const CAPTURE_EVENT = '__browserDebugCapture';

/** Name of the DOM event the opt-in body hook uses. */
export const BODY_EVENT = '__browserDebugBody';

/** Name of the DOM event the page hook sends when the page constructs a SharedWorker (no detail). */
export const SHARED_WORKER_EVENT = '__browserDebugSharedWorker';

/** Name of the DOM event the page hook sends when the page constructs a dedicated Worker (no detail). */
export const WORKER_EVENT = '__browserDebugWorker';

/** Name of the DOM event the recording's MAIN-world hook uses to report a dialog. */
export const DIALOG_EVENT = '__browserDebugDialog';

/** A fetch/XHR body pair, matched to its webRequest record by URL. */
export interface CapturedBody {
  url: string;
  method: string;
  requestBody?: string;
  responseBody?: string;
}

/**
 * The page stack that started a fetch or XHR, matched to its webRequest record by URL and method. It goes
 * in the page hook's capture batches (`type: 'initiator'`), and waits there like any capture.
 */
export interface RequestInitiator {
  type: 'initiator';
  /** The URL as the page passed it; relative ones come with `base` and are resolved in the worker. */
  url: string;
  /** The document's base URL, when `url` is relative (fetch and XHR resolve against it, `<base href>` included). */
  base?: string;
  method: string;
  stackText?: string;
}

/** Port name content relays connect with. */
export const CAPTURE_PORT = 'browser-debug-capture';

/** Resource timing from the page, matched to webRequest records by URL. */
export interface ResourceTiming {
  url: string;
  /** ms since epoch when the fetch started. */
  startTime: number;
  dns: number;
  connect: number;
  send: number;
  wait: number;
  receive: number;
  transferSize: number;
  encodedBodySize: number;
}

/**
 * What the page hook sends. Stacks stay raw text and are parsed in the worker, off the page's thread. A
 * capture without `url` was made on the same page URL as the one before it in the batch.
 */
export type PageCapture =
  | {
      type: 'console-log';
      level: 'log' | 'info' | 'warn' | 'error' | 'debug';
      message: string;
      timestamp: number;
      url?: string;
      stackText?: string;
      /** The same stack as the capture before it in this batch: its text is sent once. */
      sameStack?: true;
    }
  | {
      type: 'console-error';
      message: string;
      timestamp: number;
      url?: string;
      errorKind: 'uncaught' | 'unhandledrejection' | 'resource';
      stackText?: string;
      /** Where the browser says it happened, when the error carries no stack. */
      fallback?: StackFrame;
    }
  | WebSocketEvent
  | SocketFrameRun
  | RequestInitiator;

/**
 * Text frames on one socket in a row, on one page URL, with nothing captured between them: three values a frame
 * (1 received or 0 sent, ms after `timestamp`, the whole text, at most WS_TEXT_HEAD characters). The worker turns
 * each into a WebSocketEvent and counts its UTF-8 size. The page builds no object per frame, and does no work per
 * frame when the batch goes (docs/costs.md).
 */
export interface SocketFrameRun {
  type: 'websocket-run';
  connectionId: string;
  socketUrl: string;
  timestamp: number;
  url?: string;
  frames: (number | string)[];
}

/**
 * A run as earlier builds of the page hook send it: four values a frame (direction, ms, UTF-8 size, the text's
 * head). A hook keeps running in a tab left open across an extension update (the newer one sees its mark and
 * stays out), so the worker still reads these.
 */
export interface OlderSocketFrameRun extends Omit<SocketFrameRun, 'type'> {
  type: 'websocket-frames';
}

export type RelayMessage =
  /**
   * A JSON array of PageCapture as the page hook wrote it (`[]` when only timings go; batches of one task
   * joined), with the resource timings the relay held meanwhile: one port message.
   */
  | { kind: 'captures'; json: string; timings?: ResourceTiming[] }
  | { kind: 'bodies'; bodies: CapturedBody[] }
  /** One Web Vitals metric, as browser-extension/src/content/webVitals.ts shaped it. */
  | { kind: 'vitals'; metric: VitalMetric }
  /** The service worker controlling the relay's page (its script URL), when it starts and whenever it changes. */
  | { kind: 'controller'; scriptUrl: string }
  /** A document constructed a SharedWorker: the worker looks for the tab's shared workers (a hint; page script can forge it). */
  | { kind: 'shared-worker' }
  /** A document constructed a dedicated Worker: with worker capture on, its tab's session opens (a hint, as above). */
  | { kind: 'worker' };

export interface PopupState {
  /** `off` while remote mode streams to the edge instead. */
  connection: 'searching' | 'connecting' | 'connected' | 'disconnected' | 'off';
  port?: number;
  /** The connected connector's base URL (a forwarded address in a remote window). */
  address?: string;
  connectorVersion?: string;
  versionWarning?: string;
  /** `none`: pair in the popup; `unproven`: a listener answered but could not prove our key. */
  pairing: 'absent' | 'none' | 'unproven' | 'proven';
  /** This browser holds a pairing key. */
  paired: boolean;
  captured: number;
  queued: number;
  dropped: number;
  lockedTabs: number[];
  /** `shared`: the developer shared it with agents (its badge shows "AI"). */
  currentTab?: { id: number; url: string; inScope: boolean; locked: boolean; shared: boolean };
  settings: Settings;
  hint?: string;
  /** Present while remote mode is on: it replaces the local connection. */
  remote?: RemoteView;
  /** Present while a recording runs. */
  recording?: { id: string; tabId: number; steps: number };
}

/** Full remote mode: the extension streams to an edge deployment with no local connector. */
export interface RemoteSettings {
  enabled: boolean;
  /** https://… of the edge (http only for loopback, e.g. wrangler dev). */
  url: string;
  /** Enrols this browser's key pair the first time; kept in chrome.storage.local only. */
  apiKey: string;
  /** Shared with whoever reads the captures (X-Session-ID). */
  sessionId: string;
  /** Remote clients may also run scripts and read cookies (on shared pages); off by default. */
  allowScripts: boolean;
}

export const DEFAULT_REMOTE: RemoteSettings = {
  enabled: false,
  url: '',
  apiKey: '',
  sessionId: '',
  allowScripts: false,
};

/** The options page's view: the settings plus this browser's client id once it has a key pair. */
export interface RemoteSettingsView extends RemoteSettings {
  clientId?: string;
}

export type RemoteSaveResult =
  { ok: true; settings: RemoteSettingsView } | { ok: false; field: keyof RemoteSettings; error: string };

export interface RemoteView extends RemoteStatus {
  url: string;
  sessionId: string;
}

export interface Settings {
  /** Fixed connector port; undefined means discover 3025..3035. */
  port?: number;
  /**
   * The connector's forwarded address in a remote window (VS Code shows it), e.g. https://host/proxy/3025/;
   * when set, the only place the extension looks.
   */
  connectorAddress?: string;
  /** Origins captured besides loopback, e.g. https://staging.example.com. */
  extraOrigins: string[];
  /** Capture and command every http(s) site: an explicit choice. */
  allSites: boolean;
  /** Only these tabs are captured and commanded, when any. */
  lockedTabs: number[];
  /** Capture fetch/XHR request and response bodies (size-capped). */
  captureBodies: boolean;
  /**
   * Attach the debugger to in-scope tabs whose page starts a dedicated Web Worker, so its console and errors
   * are captured with no agent acting (Chrome shows its debugging bar meanwhile). Off by default.
   */
  captureWorkerConsoles: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  extraOrigins: [],
  allSites: false,
  lockedTabs: [],
  captureBodies: false,
  captureWorkerConsoles: false,
};

export type ExtensionMessage =
  | { kind: 'popup-state' }
  | { kind: 'lock-tab'; tabId: number; locked: boolean }
  | { kind: 'update-settings'; settings: Partial<Settings> }
  | { kind: 'selected-element'; tabId: number; element: SelectedElement }
  | { kind: 'capture-screenshot' }
  | { kind: 'remote-settings' }
  | { kind: 'update-remote-settings'; settings: RemoteSettings }
  | { kind: 'recording-step'; step: RecorderStep; timestamp: number; secret?: { key: string; value: string } }
  | { kind: 'recording-dialog'; text: string; timestamp: number }
  | { kind: 'recording-toggle' }
  | { kind: 'start-pick' }
  /** From the popup only: a pairing code as the connector shows it, `PORT-XXXX-XXXX`. */
  | { kind: 'pair'; code: string }
  /** From the popup only: share the tab it shows with agents, or stop (POST /agents/share). */
  | { kind: 'share-tab'; tabId: number; shared: boolean }
  /** `element`: what the picker's frame saw, used when the worker's debugger session cannot reach that frame. */
  | { kind: 'element-picked'; token: string; note: string; element?: SelectedElement };
