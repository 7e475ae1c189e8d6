import { z } from 'zod';

/** Lighthouse category ids, as the API and the MCP tool take them. */
export const AUDIT_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_DEVICES = ['desktop', 'mobile'] as const;
export type AuditDevice = (typeof AUDIT_DEVICES)[number];

export const throttlingSchema = z.strictObject({
  cpuSlowdownMultiplier: z
    .number()
    .min(1)
    .max(20)
    .optional()
    .describe('CPU slowdown, 1 = none (default 1 on desktop, 4 on mobile)'),
  requestLatencyMs: z
    .number()
    .min(0)
    .max(10_000)
    .optional()
    .describe('added round-trip latency per request; applied for real (devtools throttling)'),
  downloadThroughputKbps: z
    .number()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe('download bandwidth cap; applied for real (devtools throttling)'),
});
export type AuditThrottling = z.infer<typeof throttlingSchema>;

/** One audit as the connector runs it, whichever face (HTTP, MCP, VS Code) asked. */
export const auditRequestSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).describe('page to audit, e.g. http://localhost:5173/'),
  categories: z.array(z.enum(AUDIT_CATEGORIES)).min(1).optional().describe('default: all four'),
  device: z.enum(AUDIT_DEVICES).optional().describe('desktop (default) or mobile emulation'),
  screenEmulation: z
    .strictObject({ width: z.number().int().min(200).max(4000), height: z.number().int().min(200).max(4000) })
    .optional(),
  throttling: throttlingSchema.optional(),
  shareCookies: z
    .boolean()
    .optional()
    .describe('false: audit logged out even where the settings allow the cookie hand-over'),
  timeoutMs: z
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .optional()
    .describe('default: the configured audit timeout, counted from arrival, waiting included'),
});
export type AuditRequest = z.infer<typeof auditRequestSchema>;

/** Scores 0..1 as Lighthouse gives them; null when the category could not be scored. */
export interface AuditScores {
  performance?: number | null;
  accessibility?: number | null;
  bestPractices?: number | null;
  seo?: number | null;
}

/** Milliseconds, except cumulativeLayoutShift (unitless). */
export interface AuditMetrics {
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  timeToInteractive: number;
  speedIndex: number;
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
}

export type AuditSeverity = 'critical' | 'serious' | 'moderate' | 'minor';

/** A failing audit the way a person or a model acts on it: how bad, and which elements. */
export interface FailingAudit {
  id: string;
  title: string;
  category: AuditCategory;
  severity: AuditSeverity;
  score: number | null;
  displayValue?: string;
  /** CSS selectors of the offending elements, at most 5; `elementCount` says how many there were. */
  selectors: string[];
  snippets: string[];
  elementCount: number;
}

export interface AuditOpportunity {
  id: string;
  title: string;
  description: string;
  score: number | null;
  numericValue: number;
  displayValue: string;
  /** Estimated saving in ms (Lighthouse's metricSavings.LCP/FCP or overallSavingsMs). */
  savingsMs: number;
  savingsBytes?: number;
}

/** How this run went: which browser, whether it waited, what was shared. */
export interface AuditRunInfo {
  browser: 'launched' | 'endpoint' | 'headless';
  browserLabel: string;
  /** Time spent behind other audits before this one started. */
  waitedMs: number;
  /** Audits that were ahead of this one when it arrived. */
  queuedBehind: number;
  durationMs: number;
  /** Names only: values never leave the throwaway browser context. */
  cookies: { shared: number; names: string[]; note: string };
  lighthouseVersion: string;
  warnings: string[];
}

export interface AuditReportFiles {
  jsonPath: string;
  htmlPath: string;
}

/** Everything the three faces show: scores, metrics, what fails, what to fix first, where the report is. */
export interface AuditSummary {
  url: string;
  finalUrl: string;
  timestamp: number;
  device: AuditDevice;
  categories: AuditCategory[];
  scores: AuditScores;
  metrics?: AuditMetrics;
  failing: FailingAudit[];
  opportunities: AuditOpportunity[];
  report: AuditReportFiles;
  run: AuditRunInfo;
}

export type AuditPhase = 'queued' | 'browser' | 'loading' | 'gathering' | 'auditing' | 'report' | 'done';

/** Sent while an audit waits or runs; `fraction` only grows. */
export interface AuditProgress {
  phase: AuditPhase;
  message: string;
  /** 0..1 */
  fraction: number;
}
