import type { CaptureContext } from '../../../../src/shared/captureContext';
import type { CaptureEvent, StackFrame } from '../../../../src/shared/protocol';
import { formatFrame, formatStack } from '../../../../src/shared/stackFrames';
import { onSessionEnded } from '../debuggerSession';
import { isInScope } from '../scope';
import { settings } from '../settings';
import { meetWorker, ownWorker, sessionEnded } from './ownWorkerSessions';

/**
 * Console output and uncaught errors of a tab's workers (dedicated, shared, service), read over CDP. A content
 * script cannot run in a worker, so this is the only path: it works while the tab has a debugger session whose
 * targets are auto-attached with `flatten` (the targets module does that for actions, snapshots and mocks).
 * This file only listens: it learns each worker child session from `Target.attachedToTarget`, turns Runtime on
 * in it (which replays what the worker logged before), and files what it logs under the tab with
 * `context: {kind, url}`. Shared and service workers are attached on their own while a tab's session is open
 * (ownWorkerSessions.ts). Default capture never attaches, so it shows no "being debugged" bar; the opt-in
 * `captureWorkerConsoles` opens the session for pages that start a worker (workerCapture.ts).
 */
const KINDS: Record<string, CaptureContext['kind']> = {
  worker: 'worker',
  shared_worker: 'shared_worker',
  service_worker: 'service_worker',
};
const MAX_FRAMES = 20;

interface CdpFrame {
  url: string;
  lineNumber: number;
  columnNumber: number;
  functionName?: string;
}
interface RemoteObject {
  type: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
}
type Accept = (events: CaptureEvent[], tabId: number) => void;

/** The fields of the CDP events read here (Target.attachedToTarget, Runtime.consoleAPICalled / exceptionThrown). */
interface CdpEvent {
  sessionId?: string;
  targetInfo?: { type?: string; url?: string; targetId?: string };
  type?: string;
  args?: RemoteObject[];
  stackTrace?: { callFrames?: CdpFrame[] };
  timestamp?: number;
  exceptionDetails?: { text?: string; exception?: { description?: string }; stackTrace?: { callFrames?: CdpFrame[] } };
}

/** Worker child sessions by id, with what they are. */
const sessions = new Map<string, CaptureContext>();

const LEVELS: Record<string, 'log' | 'info' | 'warn' | 'error' | 'debug'> = {
  warning: 'warn',
  error: 'error',
  assert: 'error',
  info: 'info',
  debug: 'debug',
};

function text(arg: RemoteObject): string {
  if (arg.type === 'string') return String(arg.value);
  if (arg.unserializableValue !== undefined) return arg.unserializableValue;
  if (arg.value !== undefined) return typeof arg.value === 'object' ? JSON.stringify(arg.value) : String(arg.value);
  return arg.description ?? arg.type;
}

function stackFrames(trace: { callFrames?: CdpFrame[] } | undefined): StackFrame[] {
  return (trace?.callFrames ?? []).slice(0, MAX_FRAMES).map((frame) => ({
    url: frame.url,
    line: frame.lineNumber + 1,
    column: frame.columnNumber + 1,
    functionName: frame.functionName || undefined,
  }));
}

function consoleEvent(params: CdpEvent, context: CaptureContext): CaptureEvent {
  const frames = stackFrames(params.stackTrace);
  return {
    type: 'console-log',
    level: LEVELS[String(params.type)] ?? 'log',
    message: (params.args ?? []).map(text).join(' '),
    timestamp: Math.round(Number(params.timestamp) || Date.now()),
    source: frames[0] ? formatFrame(frames[0]) : undefined,
    stack: formatStack(frames),
    frames,
    context,
  };
}

function exceptionEvent(params: CdpEvent, context: CaptureContext): CaptureEvent {
  const details = params.exceptionDetails ?? {};
  const frames = stackFrames(details.stackTrace);
  // The description's first line is `Error: message`; its other lines are the stack, kept in `frames`.
  const first = String(details.exception?.description ?? details.text ?? 'error').split('\n')[0]!;
  return {
    type: 'console-error',
    message: first.startsWith('Uncaught') ? first : `Uncaught ${first}`,
    errorKind: 'uncaught',
    timestamp: Math.round(Number(params.timestamp) || Date.now()),
    source: frames[0] ? formatFrame(frames[0]) : undefined,
    stack: frames.length ? formatStack(frames).join('\n') : undefined,
    frames,
    context,
  };
}

/** Listens to every tab debugger session's events for worker child sessions; their captures go to `accept`. */
export function listenToWorkers(accept: Accept): void {
  chrome.debugger.onEvent.addListener((source, method, params) => {
    const event = (params ?? {}) as CdpEvent;
    const own = ownWorker(source.targetId);
    if (own) return void own.tabs.forEach((tabId) => file(method, event, own.context, tabId, accept));
    const tabId = source.tabId;
    if (tabId === undefined) return;
    if (method === 'Target.attachedToTarget') attached(event, tabId);
    else if (method === 'Target.detachedFromTarget') sessions.delete(String(event.sessionId));
    const context = source.sessionId === undefined ? undefined : sessions.get(source.sessionId);
    if (context) file(method, event, context, tabId, accept);
  });
  // Our own detach of a tab fires no onDetach: the session's end is told here.
  onSessionEnded((tabId) => sessionEnded({ tabId }));
  chrome.debugger.onDetach.addListener((source) => {
    sessionEnded(source);
    // A session gone with its root: its children's ids are not reused, so stale entries only cost memory.
    if (sessions.size > 1000) sessions.clear();
  });
}

/**
 * A child of a tab's session: a dedicated worker gets Runtime on in that child session; a shared or service
 * worker, which refuses that, is attached on its own (ownWorkerSessions.ts).
 */
function attached(event: CdpEvent, tabId: number): void {
  const kind = KINDS[String(event.targetInfo?.type)];
  if (!kind || typeof event.sessionId !== 'string') return;
  const context: CaptureContext = { kind, url: String(event.targetInfo?.url) };
  if (kind !== 'worker') {
    // Attached on its own only when its script's origin is in scope, as frames outside it are not touched.
    if (event.targetInfo?.targetId && isInScope(context.url, settings()))
      meetWorker(event.targetInfo.targetId, context, tabId);
    return;
  }
  sessions.set(event.sessionId, context);
  void chrome.debugger.sendCommand({ tabId, sessionId: event.sessionId }, 'Runtime.enable').catch(() => undefined);
}

function file(method: string, event: CdpEvent, context: CaptureContext, tabId: number, accept: Accept): void {
  if (method === 'Runtime.consoleAPICalled') accept([consoleEvent(event, context)], tabId);
  else if (method === 'Runtime.exceptionThrown') accept([exceptionEvent(event, context)], tabId);
}
