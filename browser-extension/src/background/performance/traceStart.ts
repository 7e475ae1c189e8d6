/**
 * A trace recorded through chrome.debugger holds the tab's renderer only: Chrome leaves out the browser
 * process, and with it `TracingStartedInBrowser`, the event that tells DevTools (and its trace engine)
 * which frame is the page. We add that event, as DevTools' own recorder would have received it.
 */
interface RawEvent {
  name?: string;
  ts?: number;
  pid?: number;
  tid?: number;
  args?: { frame?: string; data?: { frame?: string } };
}

function rendererPid(events: RawEvent[], frameId: string): number | undefined {
  const ofFrame = events.find(
    (event) =>
      event.name === 'navigationStart' && (event.args?.frame === frameId || event.args?.data?.frame === frameId),
  );
  return (
    ofFrame?.pid ??
    events.find(
      (event) =>
        event.name === 'thread_name' && (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
    )?.pid
  );
}

export function withTracingStart(events: unknown[], frameId: string, url: string | undefined): unknown[] {
  const raw = events as RawEvent[];
  const pid = rendererPid(raw, frameId);
  if (pid === undefined || raw.some((event) => event.name === 'TracingStartedInBrowser')) return events;
  let first = Number.POSITIVE_INFINITY;
  for (const event of raw) if (typeof event.ts === 'number' && event.ts > 0 && event.ts < first) first = event.ts;
  const start = {
    name: 'TracingStartedInBrowser',
    cat: 'disabled-by-default-devtools.timeline',
    ph: 'I',
    s: 't',
    pid,
    tid: 0,
    ts: Number.isFinite(first) ? first : 0,
    args: {
      data: {
        frameTreeNodeId: 1,
        persistentIds: true,
        frames: [{ frame: frameId, url: url ?? '', name: '', processId: pid }],
      },
    },
  };
  return [start, ...events];
}
