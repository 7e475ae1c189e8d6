/** The parts of a Lighthouse result (LHR) we read; typed here so Lighthouse's own types stay out of our build. */
export interface LhrNode {
  type: 'node';
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}

export interface LhrDetails {
  type?: string;
  items?: Record<string, unknown>[];
  overallSavingsMs?: number;
  overallSavingsBytes?: number;
  debugData?: { impact?: string; tags?: string[] };
}

export interface LhrAudit {
  id: string;
  title: string;
  description: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: LhrDetails;
  metricSavings?: Record<string, number>;
  errorMessage?: string;
}

export interface LhrCategory {
  id: string;
  title: string;
  score: number | null;
  auditRefs: { id: string; weight: number; group?: string; acronym?: string }[];
}

export interface Lhr {
  lighthouseVersion: string;
  requestedUrl?: string;
  finalDisplayedUrl: string;
  fetchTime: string;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  configSettings: { formFactor: string };
  audits: Record<string, LhrAudit>;
  categories: Record<string, LhrCategory>;
  timing: { total: number; entries: { name: string; duration: number }[] };
  environment?: { benchmarkIndex?: number };
}
