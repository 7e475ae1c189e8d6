import type { TraceInsight, TracePhase, TraceSummary } from '../../shared/performance';
import { ms, text, type InsightModel, type InsightSet, type RawEvent } from './engineShapes';
import { layoutShifts } from './layoutShifts';
import { longTasks } from './longTasks';
import type { ParsedTrace } from './traceEngine';

/** Insights shown in their own sections; the rest go to the list with their savings. */
const SECTIONED = new Set(['LCPBreakdown', 'CLSCulprits', 'INPBreakdown', 'RenderBlocking']);
const MAX_DETAILS = 5;

const PHASE_LABELS: Record<string, string> = {
  ttfb: 'TTFB',
  loadDelay: 'load delay',
  loadDuration: 'load time',
  renderDelay: 'render delay',
};

/** The navigation the trace is about: the last one (a reload records one), else the whole trace. */
function pickSet(parsed: ParsedTrace): InsightSet | undefined {
  const sets = [...((parsed.insights ?? new Map()) as Map<string, InsightSet>).values()];
  return sets.filter((set) => set.navigation).at(-1) ?? sets.at(-1);
}

function lcpOf(model: InsightModel | undefined): TraceSummary['lcp'] {
  if (!model || typeof model.lcpMs !== 'number') return undefined;
  const event = model.lcpEvent as RawEvent | undefined;
  const request = model.lcpRequest as RawEvent | undefined;
  const subparts = (model.subparts ?? {}) as Record<string, { range?: number } | undefined>;
  const phases: TracePhase[] = Object.entries(PHASE_LABELS)
    .filter(([key]) => subparts[key]?.range !== undefined)
    .map(([key, label]) => ({ label, ms: ms(subparts[key]!.range) }));
  const element = event?.args?.data?.nodeName;
  return {
    ms: Math.round(model.lcpMs),
    element: typeof element === 'string' ? element : undefined,
    resourceUrl: request?.args?.data?.url,
    phases,
  };
}

function inpOf(model: InsightModel | undefined, nodeNames: Record<string, string>): TraceSummary['inp'] {
  const event = model?.longestInteractionEvent as
    | (RawEvent & { type?: string; inputDelay?: number; mainThreadHandling?: number; presentationDelay?: number })
    | undefined;
  if (!event) return undefined;
  const data = event.args?.data as { beginEvent?: RawEvent } | undefined;
  const nodeId = data?.beginEvent?.args?.data?.nodeId;
  const target = typeof nodeId === 'number' ? nodeNames[String(nodeId)] : undefined;
  const phases = [
    { label: 'input delay', ms: ms(event.inputDelay) },
    { label: 'processing', ms: ms(event.mainThreadHandling) },
    { label: 'presentation delay', ms: ms(event.presentationDelay) },
  ];
  return { ms: ms(event.dur), type: event.type, target, phases };
}

function renderBlockingOf(model: InsightModel | undefined): TraceSummary['renderBlocking'] {
  const requests = (model?.renderBlockingRequests ?? []) as RawEvent[];
  const wasted = (model?.requestIdToWastedMs ?? new Map()) as Map<string, number>;
  return requests.map((request) => {
    const requestId = request.args?.data?.requestId;
    const savings = typeof requestId === 'string' ? wasted.get(requestId) : undefined;
    return {
      url: request.args?.data?.url ?? '(unknown)',
      durationMs: request.dur === undefined ? undefined : ms(request.dur),
      savingsMs: savings === undefined ? undefined : Math.round(savings),
    };
  });
}

function relatedUrls(model: InsightModel): string[] {
  const related = model.relatedEvents instanceof Map ? [...model.relatedEvents.keys()] : (model.relatedEvents ?? []);
  const urls = new Set<string>();
  for (const event of related)
    if (typeof event?.args?.data?.url === 'string' && urls.size < MAX_DETAILS) urls.add(event.args.data.url);
  return [...urls];
}

/** Bytes the engine says could be saved (e.g. ImageDelivery's `optimizableImages[].byteSavings`), summed. */
function byteSavings(model: InsightModel): number {
  let total = 0;
  for (const value of Object.values(model)) {
    if (!Array.isArray(value)) continue;
    for (const item of value as { byteSavings?: unknown; wastedBytes?: unknown }[]) {
      const bytes = item?.byteSavings ?? item?.wastedBytes;
      if (typeof bytes === 'number' && bytes > 0) total += bytes;
    }
  }
  return total;
}

function insightOf(key: string, model: InsightModel): TraceInsight {
  const savings = Object.fromEntries(
    Object.entries(model.metricSavings ?? {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
    ),
  );
  const bytes = byteSavings(model);
  if (bytes > 0) savings.bytes = Math.round(bytes);
  const details = relatedUrls(model);
  return {
    key,
    title: text(model.title) || key,
    state: model.state ?? 'informative',
    description: text(model.description) || undefined,
    savings: Object.keys(savings).length ? savings : undefined,
    details: details.length ? details : undefined,
  };
}

/** What the engine found, shaped for an answer: the four vitals sections, long tasks and every failing insight. */
export function summarizeTrace(
  parsed: ParsedTrace,
  meta: { url?: string; reload: boolean; nodeNames: Record<string, string> },
): TraceSummary {
  const set = pickSet(parsed);
  const bounds = (parsed.data.Meta as unknown as { traceBounds: { min: number; max: number } }).traceBounds;
  const originUs = set?.navigation?.ts ?? bounds.min;
  const models = set?.model ?? {};
  const insights = Object.entries(models)
    .filter(([, model]) => model && model.state !== 'pass')
    .map(([key, model]) => insightOf(key, model))
    .sort((a, b) => Number(SECTIONED.has(a.key)) - Number(SECTIONED.has(b.key)) || savingsTotal(b) - savingsTotal(a));
  return {
    url: set?.url?.href ?? meta.url,
    reload: meta.reload,
    durationMs: ms(bounds.max - originUs),
    lcp: lcpOf(models.LCPBreakdown),
    cls: layoutShifts(parsed, models.CLSCulprits, originUs, meta.nodeNames),
    inp: inpOf(models.INPBreakdown, meta.nodeNames),
    longTasks: longTasks(parsed, originUs),
    renderBlocking: renderBlockingOf(models.RenderBlocking),
    insights,
  };
}

function savingsTotal(insight: TraceInsight): number {
  return Object.values(insight.savings ?? {}).reduce((sum, value) => sum + value, 0);
}
