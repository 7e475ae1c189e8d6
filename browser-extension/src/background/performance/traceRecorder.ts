import { CommandError } from '../commandError';
import { withDebugger, type Send } from '../debuggerSession';
import { targetTab } from '../targetTab';
import { TRACE_CATEGORIES } from './traceCategories';
import { withTracingStart } from './traceStart';
import { uploadTrace, type FrameSender } from './traceUpload';

const MAX_DURATION_MS = 15_000;
const DEFAULT_DURATION_MS = 5_000;
const LOAD_TIMEOUT_MS = 30_000;
/** After `load`, late layout shifts (banners, ads) and the final LCP candidate still land within this. */
const SETTLE_AFTER_LOAD_MS = 1_000;
const MAX_NODE_LOOKUPS = 20;

interface TracePlan {
  tabId: number;
  reload: boolean;
  durationMs: number;
}

let sendFrame: FrameSender | undefined;

/** The worker's link to the connector, for the trace's chunks. */
export function useTraceFrameSender(sender: FrameSender): void {
  sendFrame = sender;
}

function readPlan(args: Record<string, unknown>, tabId: number): TracePlan {
  const reload = args.reload === undefined ? true : args.reload === true;
  const durationMs = typeof args.durationMs === 'number' ? args.durationMs : DEFAULT_DURATION_MS;
  if (!(durationMs >= 100 && durationMs <= MAX_DURATION_MS))
    throw new CommandError('INVALID_ARGUMENT', `durationMs must be 100..${MAX_DURATION_MS}.`);
  return { tabId, reload, durationMs };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => Promise.reject(new CommandError('TIMEOUT', `${what} within ${ms / 1000} s.`))),
  ]);
}

/** The tab's main frame finishing a load started after `since`. */
function loadCompleted(tabId: number, since: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (details: { tabId: number; frameId: number; timeStamp: number }) => {
      if (details.tabId !== tabId || details.frameId !== 0 || details.timeStamp < since) return;
      chrome.webNavigation.onCompleted.removeListener(done);
      resolve();
    };
    chrome.webNavigation.onCompleted.addListener(done);
    setTimeout(() => chrome.webNavigation.onCompleted.removeListener(done), LOAD_TIMEOUT_MS + 1000);
  });
}

/** Records with Tracing while the tab reloads (then settles) or for a fixed time; returns the raw events. */
async function recordWith(send: Send, plan: TracePlan): Promise<unknown[]> {
  const events: unknown[] = [];
  let complete!: () => void;
  const completed = new Promise<void>((resolve) => (complete = resolve));
  const listener = (source: chrome.debugger.Debuggee, method: string, params?: object) => {
    if (source.tabId !== plan.tabId) return;
    if (method === 'Tracing.dataCollected')
      for (const event of (params as { value: unknown[] }).value) events.push(event);
    else if (method === 'Tracing.tracingComplete') complete();
  };
  chrome.debugger.onEvent.addListener(listener);
  let tracing = false;
  try {
    await send('Tracing.start', {
      traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordUntilFull' },
      transferMode: 'ReportEvents',
    }).catch((error: Error) => {
      throw new CommandError(
        'TRACE_FAILED',
        `Chrome would not start a trace (${error.message}). Stop a recording in DevTools' Performance panel and retry.`,
      );
    });
    tracing = true;
    if (plan.reload) {
      // webNavigation rather than the Page domain: the debugger session may be shared, and its domains with it.
      const loaded = loadCompleted(plan.tabId, Date.now());
      await send('Page.reload', {});
      await deadline(loaded, LOAD_TIMEOUT_MS, 'The page did not finish loading').catch(() => undefined);
      await sleep(SETTLE_AFTER_LOAD_MS);
    } else {
      await sleep(plan.durationMs);
    }
    tracing = false;
    await send('Tracing.end');
    await deadline(completed, 30_000, 'Chrome did not hand over the trace');
    return events;
  } finally {
    // A shared action session stays attached: a trace that failed midway must not keep tracing the tab.
    if (tracing) await send('Tracing.end').catch(() => undefined);
    chrome.debugger.onEvent.removeListener(listener);
  }
}

interface NodeEvent {
  name?: string;
  ph?: string;
  args?: { data?: { impacted_nodes?: { node_id?: number }[]; nodeId?: number; interactionId?: number } };
}

/** The nodes the trace refers to by id: what layout shifts moved, and what interactions targeted. */
function referencedNodes(events: unknown[]): Set<number> {
  const ids = new Set<number>();
  const add = (id: unknown) => typeof id === 'number' && id > 0 && ids.size < MAX_NODE_LOOKUPS && ids.add(id);
  for (const event of events as NodeEvent[]) {
    if (event.name === 'LayoutShift') for (const node of event.args?.data?.impacted_nodes ?? []) add(node.node_id);
    else if (event.name === 'EventTiming' && event.ph === 'b' && (event.args?.data?.interactionId ?? 0) > 0)
      add(event.args?.data?.nodeId);
  }
  return ids;
}

/** Names (e.g. `DIV id='banner'`) of those nodes, read while the page is still there. */
async function describeNodes(send: Send, events: unknown[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const backendNodeId of referencedNodes(events)) {
    const described = await send<{ node: { nodeName: string; attributes?: string[] } }>('DOM.describeNode', {
      backendNodeId,
    }).catch(() => undefined);
    if (described) names[backendNodeId] = nodeLabel(described.node);
  }
  return names;
}

function nodeLabel(node: { nodeName: string; attributes?: string[] }): string {
  const attributes = node.attributes ?? [];
  const parts = [node.nodeName];
  for (let i = 0; i + 1 < attributes.length; i += 2)
    if (attributes[i] === 'id' || attributes[i] === 'class') parts.push(`${attributes[i]}='${attributes[i + 1]}'`);
  return parts.join(' ');
}

/** The `performance-trace` command: record in the target tab, then send the trace file in chunks. */
export async function performanceTrace(args: Record<string, unknown>) {
  if (typeof args.transferId !== 'string')
    throw new CommandError('INVALID_ARGUMENT', 'performance-trace needs a transferId from the connector.');
  if (!sendFrame) throw new CommandError('NOT_CONNECTED', 'Traces go to the local connector only.');
  const tab = await targetTab(typeof args.tabId === 'number' ? args.tabId : undefined);
  const plan = readPlan(args, tab.id!);
  const startedAt = Date.now();
  const { events, nodeNames } = await withDebugger(plan.tabId, async (send) => {
    const { frameTree } = await send<{ frameTree: { frame: { id: string; url: string } } }>('Page.getFrameTree');
    const recorded = await recordWith(send, plan);
    return {
      events: withTracingStart(recorded, frameTree.frame.id, frameTree.frame.url),
      nodeNames: await describeNodes(send, recorded),
    };
  });
  const after = await chrome.tabs.get(plan.tabId).catch(() => tab);
  const metadata = {
    source: 'Browser Debug',
    startTime: new Date(startedAt).toISOString(),
    url: after.url,
    reload: plan.reload,
    nodeNames,
  };
  const sent = await uploadTrace({ traceEvents: events, metadata }, args.transferId, sendFrame);
  return {
    tabId: plan.tabId,
    url: after.url,
    title: after.title,
    events: events.length,
    reload: plan.reload,
    recordedMs: Date.now() - startedAt,
    ...sent,
  };
}
