import type { TraceSummary } from '../../shared/performance';
import { ms, type InsightModel, type RawEvent } from './engineShapes';
import type { ParsedTrace } from './traceEngine';

const MAX_SHIFTS = 10;
const MAX_CAUSES = 5;

interface RootCauses {
  iframes?: unknown[];
  webFonts?: { request?: RawEvent }[];
  unsizedImages?: { paintImageEvent?: RawEvent; node?: unknown }[];
  nonCompositedAnimations?: unknown[];
}

interface ShiftData {
  weighted_score_delta?: number;
  score?: number;
  impacted_nodes?: { node_id?: number }[];
}

/** The engine's named culprits: iframes, web fonts, unsized images, non-composited animations. */
function engineCauses(causes: RootCauses | undefined): string[] {
  if (!causes) return [];
  return [
    ...(causes.unsizedImages ?? []).map((image) =>
      `unsized image ${image.paintImageEvent?.args?.data?.url ?? ''}`.trim(),
    ),
    ...(causes.webFonts ?? []).map((font) => `web font ${font.request?.args?.data?.url ?? ''}`.trim()),
    ...(causes.iframes ?? []).map(() => 'injected iframe'),
    ...(causes.nonCompositedAnimations ?? []).map(() => 'non-composited animation'),
  ];
}

/**
 * Layout changes of the frame the shift happened in (after the previous pre-paint): DevTools' own
 * invalidation events, e.g. `DIV id='banner'` added to layout by late-banner.js:8.
 */
function invalidationsBefore(parsed: ParsedTrace, shiftTs: number): string[] {
  const data = parsed.data.LayoutShifts as unknown as {
    prePaintEvents: RawEvent[];
    layoutInvalidationEvents: RawEvent[];
    styleRecalcInvalidationEvents?: RawEvent[];
  };
  const prePaints = data.prePaintEvents.filter((event) => event.ts + (event.dur ?? 0) < shiftTs);
  const since = prePaints.length ? prePaints.at(-1)!.ts + (prePaints.at(-1)!.dur ?? 0) : 0;
  const stacks = new Map<string, string>();
  for (const event of data.styleRecalcInvalidationEvents ?? []) {
    const frame = event.args?.data?.stackTrace?.[0];
    const node = event.args?.data?.nodeName;
    if (frame && typeof node === 'string' && event.ts > since && event.ts <= shiftTs)
      stacks.set(node, `${frame.url}:${frame.lineNumber + 1}`);
  }
  const causes = new Set<string>();
  for (const event of data.layoutInvalidationEvents) {
    const { nodeName, reason } = (event.args?.data ?? {}) as { nodeName?: string; reason?: string };
    if (
      event.ts <= since ||
      event.ts > shiftTs ||
      !nodeName ||
      nodeName.startsWith('#') ||
      reason !== 'Added to layout'
    )
      continue;
    const where = stacks.get(nodeName);
    causes.add(`${nodeName} added to layout${where ? ` by ${where}` : ''}`);
  }
  return [...causes];
}

/** CLS of the navigation: its worst-window score and each shift with what moved and why. */
export function layoutShifts(
  parsed: ParsedTrace,
  model: InsightModel | undefined,
  originUs: number,
  nodeNames: Record<string, string>,
): TraceSummary['cls'] {
  const clusters = (model?.clusters ?? []) as { clusterCumulativeScore: number; events: RawEvent[] }[];
  if (!clusters.length) return undefined;
  const rootCauses = (model?.shifts ?? new Map()) as Map<RawEvent, RootCauses>;
  const score = Math.max(...clusters.map((cluster) => cluster.clusterCumulativeScore));
  const shifts = clusters
    .flatMap((cluster) => cluster.events)
    .slice(0, MAX_SHIFTS)
    .map((event) => {
      const data = (event.args?.data ?? {}) as ShiftData;
      const shifted = (data.impacted_nodes ?? []).map(
        (node) => nodeNames[String(node.node_id)] ?? `node ${node.node_id}`,
      );
      const causes = [...engineCauses(rootCauses.get(event)), ...invalidationsBefore(parsed, event.ts)].slice(
        0,
        MAX_CAUSES,
      );
      return {
        atMs: ms(event.ts - originUs),
        score: Math.round((data.weighted_score_delta ?? data.score ?? 0) * 10000) / 10000,
        shifted,
        causes,
      };
    });
  return { score: Math.round(score * 10000) / 10000, shifts };
}
