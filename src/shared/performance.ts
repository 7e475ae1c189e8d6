/**
 * Performance shapes shared by the connector, the MCP tools, VS Code and the dashboard: Web Vitals with
 * their ratings, and the summary of a recorded trace. Browser code and the webview import this too:
 * no node, DOM, vscode, or zod (the wire schema is in performanceSchema.ts).
 */
export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** web.dev's thresholds: at or below the first is good, above the second is poor (CLS unitless, the rest ms). */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export function formatVital(name: VitalName, value: number): string {
  return name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

export const RATING_LABELS: Record<VitalRating, string> = {
  good: 'good',
  'needs-improvement': 'needs improvement',
  poor: 'poor',
};

/** One metric as the page's web-vitals library reported it, with what it blames (schema: performanceSchema.ts). */
export interface VitalMetric {
  name: VitalName;
  value: number;
  rating?: VitalRating;
  /** LCP: the element; CLS: the element that shifted most; INP: the interaction target. */
  target?: string;
  /** LCP: the image or resource URL. */
  resourceUrl?: string;
  /** Phases in ms, e.g. LCP's ttfb/loadDelay/loadDuration/renderDelay, INP's inputDelay/processing/presentation. */
  breakdown?: Record<string, number>;
  /** CLS: the elements of the largest shift. */
  sources?: string[];
  /** INP: pointer or keyboard. */
  interactionType?: string;
}

/** The Web Vitals of one page load, newest value of each metric. */
export interface PageLoadVitals {
  pageLoadId: string;
  url?: string;
  tabId?: number;
  /** When the first metric arrived. */
  startedAt: number;
  updatedAt: number;
  metrics: Partial<Record<VitalName, VitalMetric & { rating: VitalRating }>>;
}

/** One phase of a breakdown, in ms. */
export interface TracePhase {
  label: string;
  ms: number;
}

export interface TraceScriptRef {
  url: string;
  functionName?: string;
  line?: number;
  column?: number;
  /** The original source, when a source map says where the code came from. */
  source?: { path: string; line: number; column: number };
}

export interface TraceLongTask {
  /** ms from the start of the trace's navigation (or of the trace). */
  startMs: number;
  durationMs: number;
  /** Scripts that ran in it, the one with most time first. */
  scripts: TraceScriptRef[];
}

export interface TraceInsight {
  key: string;
  title: string;
  state: string;
  description?: string;
  /** Estimated savings, e.g. `{LCP: 320}` in ms, `{CLS: 0.05}`, or `{bytes: 120000}` of transfer. */
  savings?: Record<string, number>;
  details?: string[];
}

/** What a trace found, small enough for an MCP answer and a capture record. */
export interface TraceSummary {
  url?: string;
  reload: boolean;
  /** From the navigation (else the trace's start) to the trace's end: the axis of `startMs` and `atMs`. */
  durationMs: number;
  lcp?: { ms: number; element?: string; resourceUrl?: string; phases: TracePhase[] };
  cls?: { score: number; shifts: { atMs: number; score: number; shifted: string[]; causes: string[] }[] };
  inp?: { ms: number; type?: string; target?: string; phases: TracePhase[] };
  longTasks: TraceLongTask[];
  renderBlocking: { url: string; durationMs?: number; savingsMs?: number }[];
  insights: TraceInsight[];
}

/** A recorded trace as the connector keeps it and `/ws` shows it. */
export interface PerformanceTraceRecord {
  type: 'performance-trace';
  id: string;
  timestamp: number;
  /** The `.json.gz` file, openable in DevTools' Performance panel. */
  path: string;
  bytes: number;
  /** How long recording, transfer and analysis took, in ms. */
  elapsedMs: number;
  summary: TraceSummary;
}
