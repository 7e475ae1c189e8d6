import type { StoredWebSocketEvent } from '../../shared/protocol';
import type { CaptureStore, QueryResult } from '../capture/store';

export interface FrameFilter {
  /** The socket's URL contains this (any case). */
  url?: string;
  /** Frames of one direction only (opens and closes then drop out). */
  direction?: 'sent' | 'received';
  /** A text frame's head contains this (any case). */
  text?: string;
  connectionId?: string;
  /** Events of these tabs only (an agent's own tabs): see src/mcp/tools/agentScope.ts. */
  covers?: (event: StoredWebSocketEvent) => boolean;
  limit: number;
}

/** The newest WebSocket events that match, oldest first: opens, frames, closes, errors, caps. */
export function queryFrames(store: CaptureStore, filter: FrameFilter): QueryResult<StoredWebSocketEvent> {
  const url = filter.url?.toLowerCase();
  const text = filter.text?.toLowerCase();
  return store.query(
    ['websocketFrames'],
    (event) =>
      (!url || event.socketUrl.toLowerCase().includes(url)) &&
      (!filter.direction || event.direction === filter.direction) &&
      (!text || (event.text ?? '').toLowerCase().includes(text)) &&
      (!filter.connectionId || event.connectionId === filter.connectionId) &&
      (!filter.covers || filter.covers(event)),
    filter.limit,
  );
}
