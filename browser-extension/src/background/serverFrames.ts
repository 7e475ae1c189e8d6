import type { ServerFrame } from '../../../src/shared/wireFrames';

/** The connector's frames this worker acts on; the others (live-client frames) are never sent to it. */
export type InboundFrame = Extract<
  ServerFrame,
  {
    type:
      'connection-established' | 'ack' | 'error' | 'heartbeat' | 'server-shutdown' | 'screenshot-request' | 'command';
  }
>;

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What each frame must carry before the worker reads it. Shapes by hand: zod stays out of the worker's bundle. */
const CHECKS: { [T in InboundFrame['type']]: (frame: Fields) => boolean } = {
  'connection-established': (frame) =>
    typeof frame.version === 'string' && (frame.session === undefined || typeof frame.session === 'string'),
  ack: (frame) => typeof frame.batchSeq === 'number',
  error: (frame) => typeof frame.code === 'string' && typeof frame.message === 'string',
  heartbeat: () => true,
  'server-shutdown': () => true,
  'screenshot-request': (frame) => typeof frame.requestId === 'string' && isRecord(frame.options),
  // An unknown name still passes: the reply then says which command this extension lacks.
  command: (frame) => typeof frame.id === 'string' && typeof frame.name === 'string' && isRecord(frame.args),
};

function isInboundFrame(value: unknown): value is InboundFrame {
  if (!isRecord(value) || typeof value.type !== 'string' || !Object.hasOwn(CHECKS, value.type)) return false;
  return CHECKS[value.type as InboundFrame['type']](value);
}

/** A frame from the connector, or undefined for text that is not one this worker acts on. */
export function parseServerFrame(text: string): InboundFrame | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isInboundFrame(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
