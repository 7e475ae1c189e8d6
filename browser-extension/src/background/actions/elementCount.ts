import { CommandError } from '../commandError';
import type { ActionSession } from './actionSession';
import { perDocument } from './perDocument';

/** Longest wait for the element count (a page whose main thread is busy is then read the lazy way). */
const COUNT_TIMEOUT_MS = 1000;

/**
 * The main document's element count, to choose how to read it. Counted in an isolated world, so the page's own
 * scripts (an overridden `getElementsByTagName` that opens an alert or never returns) are not run; on any
 * failure the page counts as big, whose walk is budgeted (both ways of reading give the same lines).
 */
export async function elementCount(session: ActionSession): Promise<number> {
  const world = perDocument(session, 'count-world', () => ({}) as { contextId?: Promise<number> });
  try {
    return await countIn(session, await countWorld(session, world)).catch(async (error: unknown) => {
      if (!contextGone(error)) throw error;
      // The document went after the world was remembered, and its event had not come yet: a world in the new one.
      world.contextId = undefined;
      return countIn(session, await countWorld(session, world));
    });
  } catch (error) {
    if (error instanceof CommandError) throw error;
    return Infinity;
  }
}

/** The protocol's answer for a context that died with its document. */
function contextGone(error: unknown): boolean {
  return error instanceof Error && /Cannot find context with specified id/i.test(error.message);
}

/** The isolated world the count runs in, made once per main document (it dies with it). */
function countWorld(session: ActionSession, world: { contextId?: Promise<number> }): Promise<number> {
  if (world.contextId) return world.contextId;
  const frameId = session.mainFrameId;
  if (!frameId) return Promise.reject(new Error('main frame not known yet'));
  const made = session
    .send<{ executionContextId: number }>('Page.createIsolatedWorld', { frameId, worldName: 'browser-debug-count' })
    .then(({ executionContextId }) => executionContextId);
  world.contextId = made;
  // One that could not be made is not remembered: the next count tries again.
  made.catch(() => world.contextId === made && (world.contextId = undefined));
  return made;
}

async function countIn(session: ActionSession, contextId: number): Promise<number> {
  const { result } = await session.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
    expression: "document.getElementsByTagName('*').length",
    contextId,
    returnByValue: true,
    silent: true,
    timeout: COUNT_TIMEOUT_MS,
  });
  return typeof result.value === 'number' ? result.value : Infinity;
}
