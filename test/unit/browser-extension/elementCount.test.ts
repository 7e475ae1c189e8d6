import assert from 'node:assert/strict';
import type { ActionSession } from '../../../browser-extension/src/background/actions/actionSession';
import { elementCount } from '../../../browser-extension/src/background/actions/elementCount';

/**
 * A session over a fake page: each document has its own isolated worlds, and a count in a world of an earlier
 * document fails as Chrome answers it. `replace` loads a new document (with or without its event yet).
 */
function fakeSession(elements: () => number) {
  let document = 1;
  let nextContext = 1;
  const worlds = new Map<number, number>();
  const listeners = new Map<string, Array<() => void>>();
  const sent: string[] = [];
  let failWith: string | undefined;
  const session = {
    tabId: 1,
    mainFrameId: 'main',
    on(method: string, listener: () => void) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
      return () => undefined;
    },
    async send(method: string, params: { contextId?: number }) {
      sent.push(method);
      if (method === 'Page.createIsolatedWorld') {
        worlds.set(nextContext, document);
        return { executionContextId: nextContext++ };
      }
      if (failWith) throw new Error(failWith);
      if (worlds.get(params.contextId!) !== document)
        throw new Error('{"code":-32000,"message":"Cannot find context with specified id"}');
      return { result: { value: elements() } };
    },
  };
  return {
    session: session as unknown as ActionSession,
    sent,
    replace(tell: boolean) {
      document++;
      if (tell) for (const listener of listeners.get('DOM.documentUpdated') ?? []) listener();
    },
    failFromNowOn(message: string | undefined) {
      failWith = message;
    },
  };
}

describe('snapshot: counting the main document in an isolated world', () => {
  it('makes one world per document, and a new one once the document is replaced, without a failed count first', async () => {
    const page = fakeSession(() => 12);
    assert.equal(await elementCount(page.session), 12);
    assert.equal(await elementCount(page.session), 12);
    assert.deepEqual(page.sent, ['Page.createIsolatedWorld', 'Runtime.evaluate', 'Runtime.evaluate']);
    page.sent.length = 0;
    page.replace(true);
    assert.equal(await elementCount(page.session), 12);
    assert.deepEqual(page.sent, ['Page.createIsolatedWorld', 'Runtime.evaluate']);
  });

  it('makes a new world once when the document went before its event came', async () => {
    const page = fakeSession(() => 40);
    await elementCount(page.session);
    page.sent.length = 0;
    page.replace(false);
    assert.equal(await elementCount(page.session), 40);
    assert.deepEqual(page.sent, ['Runtime.evaluate', 'Page.createIsolatedWorld', 'Runtime.evaluate']);
  });

  it('counts the page as big, without trying again, when the count fails otherwise', async () => {
    const page = fakeSession(() => 40);
    await elementCount(page.session);
    page.sent.length = 0;
    page.failFromNowOn('{"code":-32000,"message":"Execution was terminated"}');
    assert.equal(await elementCount(page.session), Infinity);
    assert.deepEqual(page.sent, ['Runtime.evaluate']);
  });
});
