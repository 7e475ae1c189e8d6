import type { NetworkRequestEvent } from '../../../../src/shared/protocol';
import { mockHits } from './mockHits';

/** Marks a captured request `mocked` (with the rule) when a network mock handled it. */
export function markMocked(event: NetworkRequestEvent): NetworkRequestEvent {
  if (event.tabId === undefined) return event;
  const mark = mockHits.take(event.tabId, event.method, event.url);
  if (mark) event.mocked = mark;
  return event;
}
