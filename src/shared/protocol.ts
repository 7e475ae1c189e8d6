/**
 * The captures of the wire protocol between the browser extension, the connector and its live clients, as
 * sent and as stored (the frames around them: wireFrames.ts). Every inbound capture is validated against
 * these schemas. Browser code imports this file too, so it stays free of node and DOM.
 */
import { z } from 'zod';
import { captureContextSchema } from './captureContext';
import { elementInspectionSchema } from './inspection';
import { LOG_LEVELS } from './levels';
import { mockedMarkSchema } from './networkMockSchema';
import { websocketEventSchema } from './websocketSchema';
import { vitalMetricSchema } from './performanceSchema';
import { MAX_FRAMES, MAX_TOKEN_CHARS } from './fieldLimits';
import { ms, name, optionalTab, pageLoad, record, text } from './fieldSchemas';

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
  context: captureContextSchema.optional(),
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
  mocked: mockedMarkSchema.optional().describe('a network mock rule answered, failed, blocked or delayed it'),
  context: captureContextSchema.optional().describe('the frame or worker that made the request; absent: the top page'),
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
  /** Set when the developer picked it in the page (rather than selecting it in DevTools). */
  picked: z.boolean().optional(),
  note: z.string().max(2000).optional().describe('what the developer typed when picking it'),
  inspection: elementInspectionSchema.optional(),
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
  websocketEventSchema,
]);
export type CaptureEvent = z.infer<typeof captureEventSchema>;
export type ConsoleLogEvent = z.infer<typeof consoleLogEventSchema>;
export type ConsoleErrorEvent = z.infer<typeof consoleErrorEventSchema>;
export type NetworkRequestEvent = z.infer<typeof networkRequestEventSchema>;
export type SelectedElementEvent = z.infer<typeof selectedElementEventSchema>;
export type PageNavigatedEvent = z.infer<typeof pageNavigatedEventSchema>;
export type CurrentUrlEvent = z.infer<typeof currentUrlEventSchema>;
export type WebVitalsEvent = z.infer<typeof webVitalsEventSchema>;

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
export type StoredWebSocketEvent = z.infer<typeof websocketEventSchema> & StoredFields;
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
  | StoredWebVitals
  | StoredWebSocketEvent;
