import { levelRank } from '../../../src/shared/levels';
import { isFailedRequest } from '../../../src/shared/networkOutcome';

/** A capture as the connector forwards it: the protocol's event with at least `type` and `timestamp`. */
export type Capture = Record<string, unknown> & { type: string; timestamp: number };

/** The row of the `captures` table: indexed columns copied out of the event, the event kept whole. */
export interface CaptureRow {
  session_id: string;
  seq: number;
  account_id: string;
  kind: string;
  family: CaptureFamily;
  timestamp: number;
  level_rank: number | null;
  method: string | null;
  status: number | null;
  failed: number;
  data: string;
}

export type CaptureFamily = 'console' | 'network' | 'other';

/** Which list a capture belongs to: the lists read one family through one index. */
export function familyOf(kind: string): CaptureFamily {
  if (kind === 'console-log' || kind === 'console-error') return 'console';
  return kind === 'network-request' ? 'network' : 'other';
}

export function toRow(
  where: { sessionId: string; accountId: string },
  seq: number,
  capture: Capture,
  data: string,
): CaptureRow {
  const network = capture.type === 'network-request';
  return {
    session_id: where.sessionId,
    seq,
    account_id: where.accountId,
    kind: capture.type,
    family: familyOf(capture.type),
    timestamp: Math.floor(capture.timestamp),
    level_rank:
      capture.type === 'console-log'
        ? levelRank(capture.level)
        : capture.type === 'console-error'
          ? levelRank('error')
          : null,
    method: network && typeof capture.method === 'string' ? capture.method.toUpperCase() : null,
    status: network && typeof capture.status === 'number' ? capture.status : null,
    failed: network && isFailedRequest(capture as { status?: number; error?: string }) ? 1 : 0,
    data,
  };
}

/** What the API answers for a stored capture: the event plus its id, seq and session. */
export function fromRow(
  row: Pick<CaptureRow, 'session_id' | 'seq' | 'data'>,
): Capture & { id: string; seq: number; sessionId: string } {
  const capture = JSON.parse(row.data) as Capture;
  return { ...capture, id: `${row.session_id}:${row.seq}`, seq: row.seq, sessionId: row.session_id };
}
