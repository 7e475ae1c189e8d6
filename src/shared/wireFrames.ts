/**
 * The frames of the wire protocol: what the browser extension sends on `/extension-ws`, what a live client
 * sends on `/ws`, what the connector sends back, and the commands it can ask of the browser. Every inbound
 * frame is validated against these schemas. Browser code imports this file too: no node, no DOM.
 */
import { AGENT_TAB_COMMANDS } from './agentTabs';
import { z } from 'zod';
import { ms, name, optionalTab, text } from './fieldSchemas';
import { NETWORK_MOCK_COMMANDS, type NetworkMock } from './networkMocks';
import { PAGE_CONTROL_COMMANDS } from './pageControl';
import type { PageLoadVitals, PerformanceTraceRecord } from './performance';
import { captureEventSchema, type StoredEntry } from './protocol';
import type { RemoteReport } from './remoteStatus';

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
  'inspect',
  'highlight',
  'pick',
  'performance-trace',
  'record-start',
  'record-stop',
  'record-status',
  'replay-step',
  ...PAGE_CONTROL_COMMANDS,
  ...NETWORK_MOCK_COMMANDS,
  ...AGENT_TAB_COMMANDS,
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
  agent: z
    .object({ id: z.number().int(), name: z.string().max(100), colour: z.string().max(20) })
    .optional()
    .describe('the MCP session (agent) that acted: its name and tab group colour'),
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
  /** The network mock rules in force, after every change and on subscribe. */
  | { type: 'network-mocks'; mocks: NetworkMock[]; timestamp: number }
  | (StoredEntry & { type: StoredEntry['type'] });
