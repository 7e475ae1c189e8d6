/**
 * The few fields of the trace engine's results that the summary reads. The engine's API is not stable
 * (its README says so), so they are read defensively through these narrow shapes.
 */
export interface RawEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: {
    data?: Record<string, unknown> & {
      url?: string;
      nodeName?: string;
      stackTrace?: { url: string; lineNumber: number; functionName?: string }[];
    };
  };
  callFrame?: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}

export interface I18nText {
  i18nId?: string;
  values?: Record<string, unknown>;
}

export interface InsightModel {
  title?: I18nText | string;
  description?: I18nText | string;
  state?: string;
  metricSavings?: Record<string, number | null | undefined>;
  relatedEvents?: RawEvent[] | Map<RawEvent, unknown>;
  [field: string]: unknown;
}

export interface InsightSet {
  id: string;
  url?: URL;
  navigation?: RawEvent;
  bounds?: { min: number; max: number; range: number };
  model: Record<string, InsightModel>;
}

export interface TreeNode {
  entry: RawEvent;
  children: Set<TreeNode> | TreeNode[];
}

/** `{i18nId, values}` to English: the engine's i18n ids are the English UI strings with {placeholders}. */
export function text(value: I18nText | string | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  let out = value.i18nId ?? '';
  for (const [key, replacement] of Object.entries(value.values ?? {}))
    out = out.replaceAll(`{${key}}`, String(replacement));
  return out;
}

export const ms = (micros: number | undefined): number => Math.round((micros ?? 0) / 100) / 10;
