import { toRow, type Capture, type CaptureRow } from '../data/captureRow';

/** D1 keeps rows under 2 MB; one capture is held to 256 KB, trimming bodies first. */
export const MAX_CAPTURE_BYTES = 256 * 1024;
/** Rows go to D1 as one JSON parameter per statement, each kept well under D1's 2 MB value limit. */
const MAX_CHUNK_BYTES = 900 * 1024;

/** Large request/response bodies are the usual culprit, so they go first; then the capture is cut to a stub. */
export function fitCapture(capture: Capture): string {
  let data = JSON.stringify(capture);
  if (data.length <= MAX_CAPTURE_BYTES) return data;
  const trimmed: Capture = { ...capture, truncated: true };
  for (const field of ['responseBody', 'requestBody', 'stack', 'frames', 'element']) delete trimmed[field];
  data = JSON.stringify(trimmed);
  if (data.length <= MAX_CAPTURE_BYTES) return data;
  const message = typeof capture.message === 'string' ? capture.message.slice(0, 10_000) : undefined;
  return JSON.stringify({
    type: capture.type,
    timestamp: capture.timestamp,
    url: typeof capture.url === 'string' ? capture.url.slice(0, 2000) : undefined,
    message,
    truncated: true,
  });
}

export function buildRows(
  where: { sessionId: string; accountId: string },
  firstSeq: number,
  captures: Capture[],
): CaptureRow[] {
  return captures.map((capture, index) => toRow(where, firstSeq + index, capture, fitCapture(capture)));
}

const INSERT_SQL = `INSERT OR IGNORE INTO captures (session_id, seq, account_id, kind, family, timestamp, level_rank, method, status, failed, data, received_at)
  SELECT json_extract(value, '$.session_id'), json_extract(value, '$.seq'), json_extract(value, '$.account_id'), json_extract(value, '$.kind'),
         json_extract(value, '$.family'), json_extract(value, '$.timestamp'),
         json_extract(value, '$.level_rank'), json_extract(value, '$.method'), json_extract(value, '$.status'), json_extract(value, '$.failed'),
         json_extract(value, '$.data'), ?1
  FROM json_each(?2)`;

/**
 * Statements inserting `rows`: a whole batch costs one query per ~900 KB instead of one per row
 * (D1 counts queries per invocation and caps bound parameters at 100 per query).
 */
export function insertStatements(db: D1Database, rows: CaptureRow[], receivedAt: number): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  let chunk: string[] = [];
  let size = 0;
  const flush = () => {
    if (chunk.length) statements.push(db.prepare(INSERT_SQL).bind(receivedAt, `[${chunk.join(',')}]`));
    chunk = [];
    size = 0;
  };
  for (const row of rows) {
    const encoded = JSON.stringify(row);
    if (size + encoded.length > MAX_CHUNK_BYTES) flush();
    chunk.push(encoded);
    size += encoded.length + 1;
  }
  flush();
  return statements;
}
