/**
 * The wire protocol between the browser extension, the connector and its live clients.
 * Every WebSocket frame is one JSON object with a `type`; every inbound frame is validated
 * against these schemas. Browser code imports this file too, so it stays free of node and DOM.
 */
import { z } from 'zod';
import type { RemoteReport } from './remoteStatus';
import { LOG_LEVELS } from './levels';
import { PAGE_CONTROL_COMMANDS } from './pageControl';
import type { PageLoadVitals, PerformanceTraceRecord } from './performance';
import { vitalMetricSchema } from './performanceSchema';
import {
  MAX_FRAMES,
  MAX_KEY_CHARS,
  MAX_NAME_CHARS,
  MAX_RECORD_ENTRIES,
  MAX_TEXT_CHARS,
  MAX_TOKEN_CHARS,
} from './fieldLimits';

/** Page text: messages, stacks, URLs, bodies (see fieldLimits). */
const text = () => z.string().max(MAX_TEXT_CHARS);
/** Short names: ids, status texts, kinds. */
const name = () => z.string().max(MAX_NAME_CHARS);
/** An open record (headers, attributes) with capped keys, values and size. */
const record = (value: z.ZodString) =>
  z
    .record(z.string().max(MAX_KEY_CHARS), value)
    .refine((entries) => Object.keys(entries).length <= MAX_RECORD_ENTRIES, {
      message: `at most ${MAX_RECORD_ENTRIES} entries`,
    });

const ms = z.number().finite().nonnegative().describe('milliseconds since the Unix epoch');
const optionalTab = z.number().int().optional().describe('Chrome tab id');
const pageLoad = z.string().max(200).optional().describe('id the browser gives each page load');

export const stackFrameSchema = z.object({
  url: text(),
  line: z.number().int().nonnegative(),
  column: z.number().int().nonnegative(),
  functionName: name().optional(),
});
export type StackFrame = z.infer<typeof stackFrameSchema>;

/** Fields every capture may carry to say where it came from. */
const origin = {
  timestamp: ms,
  url: text().optional().describe('page URL'),
  tabId: optionalTab,
  pageLoadId: pageLoad,
};

export const consoleLogEventSchema = z.object({
  type: z.literal('console-log'),
  level: z.enum(LOG_LEVELS),
  message: text(),
  source: text().optional().describe('<file>:<line>:<column> of the calling frame'),
  stack: z.union([text(), z.array(text()).max(MAX_FRAMES)]).optional(),
  frames: z.array(stackFrameSchema).max(MAX_FRAMES).optional(),
  ...origin,
});

export const consoleErrorEventSchema = z.object({
  type: z.literal('console-error'),
  message: text(),
  stack: text().optional(),
  frames: z.array(stackFrameSchema).max(MAX_FRAMES).optional(),
  source: text().optional(),
  errorKind: z.enum(['uncaught', 'unhandledrejection', 'resource', 'console']).optional(),
  ...origin,
});

const headersSchema = record(text());

export const networkTimingSchema = z.object({
  dns: z.number(),
  connect: z.number(),
  send: z.number(),
  wait: z.number(),
  receive: z.number(),
});

export const networkRequestEventSchema = z.object({
  type: z.literal('network-request'),
  requestId: name().optional().describe('the browser’s own id for the request'),
  method: z.string().min(1).max(MAX_TOKEN_CHARS),
  url: text(),
  status: z.number().int().nonnegative().optional().describe('HTTP status; 0 or absent when no response arrived'),
  statusText: name().optional(),
  resourceType: name().optional(),
  duration: z.number().nonnegative().optional(),
  size: z.union([z.number().nonnegative(), z.object({ request: z.number(), response: z.number() })]).optional(),
  timing: networkTimingSchema.optional(),
  requestHeaders: headersSchema.optional(),
  responseHeaders: headersSchema.optional(),
  requestBody: text().optional(),
  responseBody: text().optional(),
  error: text().optional().describe('why the request failed without a response'),
  initiator: text().optional().describe('<file>:<line>:<column> of the page code that called fetch or XHR'),
  timestamp: ms,
  tabId: optionalTab,
  pageLoadId: pageLoad,
});

export const elementSchema = z.object({
  tagName: name(),
  id: text(),
  className: text(),
  attributes: record(text()),
  dimensions: z.object({ width: z.number(), height: z.number(), top: z.number(), left: z.number() }),
  innerHTML: text(),
  textContent: text(),
  selector: text().optional(),
});
export type SelectedElement = z.infer<typeof elementSchema>;

export const selectedElementEventSchema = z.object({
  type: z.literal('selected-element'),
  element: elementSchema,
  ...origin,
});

export const pageNavigatedEventSchema = z.object({
  type: z.literal('page-navigated'),
  url: text(),
  title: text().optional(),
  tabId: optionalTab,
  pageLoadId: z.string().max(200),
  timestamp: ms,
});

export const currentUrlEventSchema = z.object({
  type: z.literal('current-url'),
  url: text(),
  tabId: optionalTab,
  title: text().optional(),
  source: text().optional().describe('what reported it, e.g. tab-activated or navigation'),
  timestamp: ms.optional(),
});

/** One Web Vitals metric of a page load, as the page's web-vitals library measured it. */
export const webVitalsEventSchema = z.object({
  type: z.literal('web-vitals'),
  metric: vitalMetricSchema,
  ...origin,
});

/** Sent when the extension's offline queue overflowed, so the loss is visible. */
export const droppedEventSchema = z.object({
  type: z.literal('dropped'),
  count: z.number().int().positive(),
  timestamp: ms,
});

export const captureEventSchema = z.discriminatedUnion('type', [
  consoleLogEventSchema,
  consoleErrorEventSchema,
  networkRequestEventSchema,
  selectedElementEventSchema,
  pageNavigatedEventSchema,
  currentUrlEventSchema,
  droppedEventSchema,
  webVitalsEventSchema,
]);
export type CaptureEvent = z.infer<typeof captureEventSchema>;
export type ConsoleLogEvent = z.infer<typeof consoleLogEventSchema>;
export type ConsoleErrorEvent = z.infer<typeof consoleErrorEventSchema>;
export type NetworkRequestEvent = z.infer<typeof networkRequestEventSchema>;
export type SelectedElementEvent = z.infer<typeof selectedElementEventSchema>;
export type PageNavigatedEvent = z.infer<typeof pageNavigatedEventSchema>;
export type CurrentUrlEvent = z.infer<typeof currentUrlEventSchema>;
export type WebVitalsEvent = z.infer<typeof webVitalsEventSchema>;

export const MAX_BATCH_EVENTS = 1000;

export const screenshotOptionsSchema = z.object({
  fullPage: z.boolean().optional().describe('capture the whole scrollable page (default true)'),
  quality: z.number().int().min(1).max(100).optional().describe('JPEG quality 1..100 (default 80)'),
  format: z.enum(['png', 'jpeg']).optional().describe('image format (default png)'),
  selector: name().optional().describe('CSS selector of one element to capture'),
  removeElements: z
    .array(name())
    .max(100)
    .optional()
    .describe('CSS selectors hidden before capture and restored after'),
  waitFor: z.number().int().min(0).max(30_000).optional().describe('milliseconds to wait before capture'),
  preview: z
    .object({
      maxDimension: z.number().int().min(100).max(8000).describe('longest side of the preview, in px'),
      maxBytes: z.number().int().min(10_000).describe('the preview JPEG stays under this size'),
    })
    .optional()
    .describe('also send a model-sized JPEG copy; a page much taller than wide is cropped to its top part'),
  tabId: z.number().int().optional().describe('tab to capture; default: the locked tab, else the active tab'),
});
export type ScreenshotOptions = z.infer<typeof screenshotOptionsSchema>;

export const screenshotPreviewSchema = z.object({
  data: z.string().describe('data URL of a JPEG'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  cropped: z.boolean().describe('true when only the top part of a tall page is shown'),
});
export type ScreenshotPreview = z.infer<typeof screenshotPreviewSchema>;

export const COMMAND_NAMES = [
  'screenshot',
  'run-script',
  'navigate',
  'current-url',
  'tabs',
  'cookies',
  'preview-image',
  'snapshot',
  'act',
  'performance-trace',
  'record-start',
  'record-stop',
  'record-status',
  'replay-step',
  ...PAGE_CONTROL_COMMANDS,
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

const replyErrorSchema = z.object({ code: name(), message: text() });

/** Frames the browser extension (or any capture source) sends on `/extension-ws`. */
export const extensionFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    protocolVersion: z.number().int(),
    client: z.string().max(100).describe('browser-extension, vscode, mcp, ...'),
    version: z.string().max(100).optional(),
    userAgent: z.string().max(1000).optional(),
    instanceId: z
      .string()
      .max(100)
      .optional()
      .describe('new each time the extension starts: lets the connector drop re-sent batches'),
  }),
  z.object({ type: z.literal('heartbeat'), timestamp: ms.optional() }),
  z.object({
    type: z.literal('batch'),
    events: z.array(captureEventSchema).max(MAX_BATCH_EVENTS),
    batchSeq: z.number().int().positive().optional().describe('numbered batches are acked, and re-sent until acked'),
  }),
  z.object({
    type: z.literal('screenshot-data'),
    requestId: name(),
    data: z.string().optional().describe('data URL of the image (bounded by the frame cap)'),
    preview: screenshotPreviewSchema.optional().describe('the model-sized copy, when options.preview asked for one'),
    error: text().optional(),
    timestamp: ms.optional(),
  }),
  z.object({
    type: z.literal('reply'),
    id: name(),
    result: z.unknown().optional(),
    error: replyErrorSchema.optional(),
  }),
  z.object({
    type: z.literal('trace-chunk'),
    transferId: z.string().max(100).describe("the performance-trace command's transferId"),
    index: z.number().int().nonnegative(),
    data: z.string().describe('base64 of the next part of the gzipped trace (bounded by the frame cap)'),
  }),
  ...captureEventSchema.options,
]);
export type ExtensionFrame = z.infer<typeof extensionFrameSchema>;

/** Frames a live client (VS Code views, dashboards) sends on `/ws`. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    since: z.number().int().nonnegative().optional().describe('replay stored entries with seq greater than this'),
  }),
  z.object({ type: z.literal('heartbeat'), timestamp: ms.optional() }),
  z.object({
    type: z.literal('hello'),
    protocolVersion: z.number().int(),
    client: z.string().max(100),
    version: z.string().max(100).optional(),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** One thing the assistant did in the browser (an action tool's call): the developer sees it on `/ws` and in the dashboard. */
export const agentActionFrameSchema = z.object({
  type: z.literal('agent-action'),
  id: name().describe('stable id of the record'),
  timestamp: ms.describe('when the action started'),
  tool: name().describe('the MCP tool, e.g. click'),
  target: z.string().max(500).describe('what it acted on: a ref, URL, key, tab or emulation setting'),
  tabId: optionalTab,
  outcome: z.enum(['ok', 'error']),
  summary: z.string().max(500).describe('first line of the answer the assistant got'),
  durationMs: z.number().nonnegative(),
});
export type AgentActionFrame = z.infer<typeof agentActionFrameSchema>;

/** Frames the connector sends. Outbound frames are typed, not validated. */
export type ServerFrame =
  | {
      type: 'connection-established';
      name: string;
      version: string;
      protocolVersion: number;
      timestamp: number;
      lastSeq: number;
    }
  | { type: 'heartbeat'; timestamp: number }
  | { type: 'ack'; batchSeq: number; timestamp: number }
  | { type: 'screenshot-request'; requestId: string; options: ScreenshotOptions; timestamp: number }
  | { type: 'command'; id: string; name: CommandName; args: Record<string, unknown>; timestamp: number }
  | { type: 'error'; code: string; message: string; details?: Record<string, unknown>; timestamp: number }
  | { type: 'server-shutdown'; reason: string; timestamp: number }
  | { type: 'replay-complete'; lastSeq: number; timestamp: number }
  | { type: 'cleared'; timestamp: number }
  | { type: 'browser-status'; connected: boolean; browsers: number; version?: string; timestamp: number }
  | { type: 'screenshot-captured'; requestId: string; screenshot: string; path?: string; timestamp: number }
  | { type: 'remote-status'; remote: RemoteReport | null; timestamp: number }
  | AgentActionFrame
  | PerformanceTraceRecord
  | { type: 'web-vitals-snapshot'; pageLoads: PageLoadVitals[]; timestamp: number }
  /** A recording started, stopped, replayed, was imported or deleted: read GET /recordings again. */
  | { type: 'recordings-changed'; timestamp: number }
  | (StoredEntry & { type: StoredEntry['type'] });

/** What the connector adds to every capture it stores. */
export interface StoredFields {
  /** Stable id, unique across kinds. */
  id: string;
  /** Monotonic sequence number, shared by all kinds: subscribe from it to miss nothing. */
  seq: number;
  pageLoadId: string;
}

export type StoredConsoleLog = ConsoleLogEvent & StoredFields;
export type StoredConsoleError = ConsoleErrorEvent & StoredFields;
export type StoredNetworkRequest = NetworkRequestEvent & StoredFields;
export type StoredSelectedElement = SelectedElementEvent & StoredFields;
export type StoredPageNavigated = PageNavigatedEvent & StoredFields;
export type StoredCurrentUrl = CurrentUrlEvent & StoredFields & { timestamp: number };
export type StoredWebVitals = WebVitalsEvent & StoredFields;
export type StoredDropped = z.infer<typeof droppedEventSchema> & StoredFields;
export interface StoredScreenshot extends StoredFields {
  type: 'screenshot';
  timestamp: number;
  path: string;
  size: number;
  format: string;
  dimensions: { width: number; height: number };
}

export type StoredEntry =
  | StoredConsoleLog
  | StoredConsoleError
  | StoredNetworkRequest
  | StoredSelectedElement
  | StoredPageNavigated
  | StoredCurrentUrl
  | StoredDropped
  | StoredScreenshot
  | StoredWebVitals;
