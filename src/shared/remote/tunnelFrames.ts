/**
 * The edge tunnel's frames (`/tunnel/<session_id>`), for both ends: the connector or browser that streams
 * captures and answers commands, and the clients that subscribe and send commands. The edge checks every
 * frame against these; src/shared/remote sends them.
 */
import { z } from 'zod';
import {
  consoleErrorEventSchema,
  consoleLogEventSchema,
  currentUrlEventSchema,
  droppedEventSchema,
  networkRequestEventSchema,
  pageNavigatedEventSchema,
  selectedElementEventSchema,
  webVitalsEventSchema,
} from '../protocol';
import { MAX_BATCH_EVENTS } from '../wireFrames';

/**
 * A capture in the tunnel: the connector's protocol (protocol.ts), checked with its schemas; the edge
 * keeps every other field as sent, so a newer connector's extra fields pass through unchanged.
 */
const ms = z.number().finite().nonnegative();

export const captureSchema = z.discriminatedUnion('type', [
  consoleLogEventSchema.loose(),
  consoleErrorEventSchema.loose(),
  // The method is an indexed column: a short word.
  networkRequestEventSchema.extend({ method: z.string().min(1).max(20) }).loose(),
  selectedElementEventSchema.loose(),
  pageNavigatedEventSchema.loose(),
  // The edge stores every capture by time: one without a time gets its arrival.
  currentUrlEventSchema.extend({ timestamp: ms.default(() => Date.now()) }).loose(),
  droppedEventSchema.loose(),
  webVitalsEventSchema.loose(),
]);
export type CaptureFrame = z.infer<typeof captureSchema>;

const replyError = z.object({ code: z.string().max(100), message: z.string().max(10_000) });

export const connectorFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    protocolVersion: z.number().int().optional(),
    client: z.string().max(100).optional(),
    version: z.string().max(100).optional(),
    instanceId: z
      .string()
      .max(100)
      .optional()
      .describe('new each time the connector starts: lets the edge drop re-sent batches'),
    capabilities: z.array(z.string().max(100)).max(50).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ type: z.literal('heartbeat'), timestamp: ms.optional() }),
  z.object({
    type: z.literal('batch'),
    batchSeq: z.number().int().positive().optional(),
    events: z.array(z.unknown()).max(MAX_BATCH_EVENTS),
  }),
  z.object({
    type: z.literal('reply'),
    id: z.string().max(300),
    result: z.unknown().optional(),
    error: replyError.optional(),
  }),
  captureSchema,
]);
export type ConnectorFrame = z.infer<typeof connectorFrameSchema>;

/** A command's name: lower-case words joined by hyphens, such as `screenshot` or `run-script`. */
export const COMMAND_NAME = /^[a-z][a-z0-9-]{0,63}$/;

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heartbeat'), timestamp: ms.optional() }),
  z.object({ type: z.literal('subscribe'), since: z.number().int().nonnegative().optional() }),
  z.object({
    type: z.literal('command'),
    id: z.string().min(1).max(200),
    // Any well-formed name: the connector's guard answers an unknown one on this id, with the names remote clients may send.
    name: z.string().regex(COMMAND_NAME, 'expected a command name such as screenshot'),
    args: z.record(z.string(), z.unknown()).default({}),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
