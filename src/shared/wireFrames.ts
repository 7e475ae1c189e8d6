/**
 * The frames of the wire protocol: what the browser extension sends on `/extension-ws`, what a live client
 * sends on `/ws`, what the connector sends back, and the commands it can ask of the browser. Every inbound
 * frame is validated against these schemas. Browser code imports this file too: no node, no DOM.
 */
import { z } from 'zod';
import { ms, name, optionalTab, text } from './fieldSchemas';
import type { CommandArgs, CommandName } from './browserCommands';
import type { NetworkMock } from './networkMocks';
import type { PageLoadVitals, PerformanceTraceRecord } from './performance';
import { captureEventSchema, type StoredEntry } from './protocol';
import type { RemoteReport } from './remoteStatus';
import { screenshotPreviewSchema, type ScreenshotOptions } from './screenshotSchema';

export const MAX_BATCH_EVENTS = 1000;

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
  z.object({
    type: z.literal('video-chunk'),
    transferId: z.string().max(100).describe("the screencast-video command's transferId"),
    index: z.number().int().nonnegative(),
    data: z.string().describe("base64 of the next part of a replay's video (bounded by the frame cap)"),
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
      /** To a browser: the bearer for its HTTP calls while this socket lives (trust/localCallers). */
      session?: string;
      name: string;
      version: string;
      protocolVersion: number;
      timestamp: number;
      lastSeq: number;
    }
  | { type: 'heartbeat'; timestamp: number }
  | { type: 'ack'; batchSeq: number; timestamp: number }
  | { type: 'screenshot-request'; requestId: string; options: ScreenshotOptions; timestamp: number }
  | { type: 'command'; id: string; name: CommandName; args: CommandArgs<CommandName>; timestamp: number }
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
