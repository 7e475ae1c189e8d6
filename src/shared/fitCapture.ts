import { MAX_FRAMES, MAX_KEY_CHARS, MAX_NAME_CHARS, MAX_RECORD_ENTRIES, MAX_TOKEN_CHARS } from './fieldLimits';

/** What a browser sends of one string field at most: twice the connector's default store cap. */
export const SENT_FIELD_CHARS = 64 * 1024;
/** Room left for the truncation marker. */
const MARKER_ROOM = 40;
/** Fields with a smaller cap than free text (see protocol.ts). */
const FIELD_CAPS: Readonly<Record<string, number>> = {
  type: MAX_TOKEN_CHARS - MARKER_ROOM,
  level: MAX_TOKEN_CHARS - MARKER_ROOM,
  method: MAX_TOKEN_CHARS - MARKER_ROOM,
  requestId: MAX_NAME_CHARS - MARKER_ROOM,
  statusText: MAX_NAME_CHARS - MARKER_ROOM,
  resourceType: MAX_NAME_CHARS - MARKER_ROOM,
  functionName: MAX_NAME_CHARS - MARKER_ROOM,
  tagName: MAX_NAME_CHARS - MARKER_ROOM,
  pageLoadId: 200 - MARKER_ROOM,
};
/** Deep enough for the deepest schema (a pick's inspection: rules → location → original). */
const MAX_DEPTH = 8;

function cut(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}…[truncated ${value.length - max} chars]`;
}

/**
 * Cuts a capture to the schemas' caps before it is sent, in place: a page's 2 MB URL or 100 KB method
 * is stored cut, with a marker, instead of being refused by the connector (the browser extension
 * calls this for every capture; the connector checks the same caps again).
 */
export function fitCapture<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (value.length > MAX_FRAMES) value.length = MAX_FRAMES;
    value.forEach((item, index) => (value[index] = fitItem(item, depth, String(index))));
    return value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  keys.slice(MAX_RECORD_ENTRIES).forEach((key) => delete record[key]);
  for (const key of keys.slice(0, MAX_RECORD_ENTRIES)) {
    const item = fitItem(record[key], depth, key);
    if (key.length > MAX_KEY_CHARS) {
      delete record[key];
      record[cut(key, MAX_KEY_CHARS - MARKER_ROOM)] = item;
    } else record[key] = item;
  }
  return value;
}

function fitItem(item: unknown, depth: number, key: string): unknown {
  if (typeof item === 'string') return cut(item, FIELD_CAPS[key] ?? SENT_FIELD_CHARS);
  if (item !== null && typeof item === 'object')
    return depth >= MAX_DEPTH ? '…[nested too deep]' : fitCapture(item, depth + 1);
  return item;
}
