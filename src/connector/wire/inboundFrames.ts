import type { RawData } from 'ws';
import type { z } from 'zod';
import { MAX_CAPTURE_FRAME_BYTES } from '../../shared/fieldLimits';
import { captureEventSchema, type CaptureEvent } from '../../shared/protocol';
import {
  MAX_BATCH_EVENTS,
  clientFrameSchema,
  extensionFrameSchema,
  type ClientFrame,
  type ExtensionFrame,
} from '../../shared/wireFrames';

/** Answers a bad frame (or a bad event of a batch) with an error frame; the connection stays up. */
export type Reject = (code: string, message: string, details?: Record<string, unknown>) => void;

/** Frames that may use the full WebSocket frame cap; any frame carrying captures stays under MAX_CAPTURE_FRAME_BYTES. */
const LARGE_FRAME_TYPES = new Set(['screenshot-data', 'reply', 'trace-chunk', 'video-chunk']);

/** The frame's JSON, or undefined once a bad or oversized frame was rejected. */
function readJson(data: RawData, reject: Reject): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString());
  } catch {
    reject('INVALID_FRAME', 'Frame is not valid JSON.');
    return undefined;
  }
  const bytes = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
  if (bytes > MAX_CAPTURE_FRAME_BYTES && !LARGE_FRAME_TYPES.has(describeType(raw))) {
    reject(
      'FRAME_TOO_LARGE',
      `A '${describeType(raw)}' frame may hold at most ${MAX_CAPTURE_FRAME_BYTES} bytes; this one had ${bytes}. Send captures in smaller batches.`,
    );
    return undefined;
  }
  return raw;
}

function checked<S extends z.ZodType>(raw: unknown, schema: S, reject: Reject): z.infer<S> | undefined {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  reject('INVALID_FRAME', `Invalid '${describeType(raw)}' frame: ${describeIssue(result.error)}`);
  return undefined;
}

/**
 * Validates one inbound frame of a live client. A bad frame gets an error frame back and is counted; the
 * connection stays up.
 */
export function parseClientFrame(data: RawData, reject: Reject): ClientFrame | undefined {
  const raw = readJson(data, reject);
  return raw === undefined ? undefined : checked(raw, clientFrameSchema, reject);
}

/** Validates one inbound frame of a browser. A batch is checked event by event, so one bad event does not cost the good ones. */
export function parseExtensionFrame(data: RawData, reject: Reject): ExtensionFrame | undefined {
  const raw = readJson(data, reject);
  if (raw === undefined) return undefined;
  return isBatch(raw) ? parseBatch(raw, reject) : checked(raw, extensionFrameSchema, reject);
}

function parseBatch(
  raw: { events: unknown[]; batchSeq?: unknown },
  reject: Reject,
): { type: 'batch'; events: CaptureEvent[]; batchSeq?: number } | undefined {
  if (raw.events.length > MAX_BATCH_EVENTS) {
    reject(
      'INVALID_FRAME',
      `A batch holds at most ${MAX_BATCH_EVENTS} events; this one had ${raw.events.length}. Split it.`,
    );
    return undefined;
  }
  const events: CaptureEvent[] = [];
  raw.events.forEach((event, index) => {
    const result = captureEventSchema.safeParse(event);
    if (result.success) events.push(result.data);
    else
      reject(
        'INVALID_FRAME',
        `Batch event ${index} ('${describeType(event)}') is invalid: ${describeIssue(result.error)}`,
        { index },
      );
  });
  const batchSeq =
    typeof raw.batchSeq === 'number' && Number.isInteger(raw.batchSeq) && raw.batchSeq > 0 ? raw.batchSeq : undefined;
  return { type: 'batch', events, batchSeq };
}

function isBatch(raw: unknown): raw is { type: 'batch'; events: unknown[] } {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { type?: unknown }).type === 'batch' &&
    Array.isArray((raw as { events?: unknown }).events)
  );
}

function describeType(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type.slice(0, 50) : '(no type)';
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown problem';
  const where = issue.path.length ? `'${issue.path.join('.')}' ` : '';
  return `${where}${issue.message}`;
}
