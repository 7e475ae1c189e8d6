import type { DocumentSession } from './acting';

/** Per session: what holds only for its current main document, by the name its owner gave it. */
const memories = new WeakMap<DocumentSession, Map<string, unknown>>();

/**
 * What `make` made for the session's current main document under `name`, made once per document: page-side
 * handles, an isolated world, the DOM domain's node ids. All of them are forgotten together when the document
 * is replaced (`DOM.documentUpdated`, which the session hears as it enables DOM), so none is used in the next
 * document, where it would name nothing. A value made by work that was still running at that moment lands in
 * the forgotten memory, not the new one.
 */
export function perDocument<T>(session: DocumentSession, name: string, make: () => T): T {
  let memory = memories.get(session);
  if (!memory) {
    session.on('DOM.documentUpdated', () => memories.set(session, new Map()));
    memories.set(session, (memory = new Map()));
  }
  if (!memory.has(name)) memory.set(name, make());
  return memory.get(name) as T;
}
