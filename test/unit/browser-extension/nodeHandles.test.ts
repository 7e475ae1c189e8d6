import assert from 'node:assert/strict';
import type { ActionSession } from '../../../browser-extension/src/background/actions/actionSession';
import { CommandError } from '../../../browser-extension/src/background/commandError';
import { withHandle, type NodeHandle } from '../../../browser-extension/src/background/inspection/nodeHandles';

/**
 * A session over a fake page: `DOM.resolveNode` hands out a new object id each time, valid until the document is
 * replaced; a call on a dead id fails as Chrome answers it.
 */
function fakeSession() {
  let nextObject = 1;
  const live = new Set<string>();
  const listeners = new Map<string, Array<() => void>>();
  const sent: string[] = [];
  const session = {
    tabId: 1,
    on(method: string, listener: () => void) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
      return () => undefined;
    },
    async send(method: string, params: { objectId?: string }) {
      sent.push(method);
      if (method === 'DOM.resolveNode') {
        const objectId = `obj-${nextObject++}`;
        live.add(objectId);
        return { object: { objectId } };
      }
      if (method === 'Runtime.callFunctionOn') {
        if (!live.has(params.objectId!))
          throw new Error('{"code":-32000,"message":"Could not find object with given id"}');
        return { result: { objectId: `fn-of-${params.objectId}` } };
      }
      return {};
    },
  };
  return {
    session: session as unknown as ActionSession,
    sent,
    /** A new document: every object of the old one is gone; `tell` sends its event. */
    replace(tell: boolean) {
      live.clear();
      if (tell) for (const listener of listeners.get('DOM.documentUpdated') ?? []) listener();
    },
    /** The page drops an object (its group released elsewhere, say). */
    drop(objectId: string) {
      live.delete(objectId);
    },
  };
}

/** What a call on the handle reads: the page call fails as Chrome's would on a dead handle. */
const useHandle = (page: ReturnType<typeof fakeSession>) => (handle: NodeHandle) =>
  page.session.send('Runtime.callFunctionOn', { objectId: handle.objectId }).then(() => {
    handle.make('function () { return () => 1; }');
    return handle;
  });

describe('inspection: page-side handles kept per document', () => {
  it('keeps one handle and one made function per element while the document stays', async () => {
    const page = fakeSession();
    const first = await withHandle(page.session, 7, useHandle(page));
    const second = await withHandle(page.session, 7, useHandle(page));
    assert.equal(second.objectId, first.objectId);
    assert.equal(page.sent.filter((method) => method === 'DOM.resolveNode').length, 1);
    assert.equal(await second.made('function () { return () => 1; }'), `fn-of-${first.objectId}`);
    // The function is made once: the second `make` sent nothing.
    assert.equal(page.sent.filter((method) => method === 'Runtime.callFunctionOn').length, 3);
  });

  it('retries once with a new handle when the kept one went stale, and keeps the new one', async () => {
    const page = fakeSession();
    const first = await withHandle(page.session, 7, useHandle(page));
    page.drop(first.objectId);
    const again = await withHandle(page.session, 7, useHandle(page));
    assert.notEqual(again.objectId, first.objectId);
    assert.equal(await again.made('function () { return () => 1; }'), `fn-of-${again.objectId}`, 'made anew');
    const third = await withHandle(page.session, 7, useHandle(page));
    assert.equal(third.objectId, again.objectId);
  });

  it('forgets every handle and function at a new document, without a failed call first', async () => {
    const page = fakeSession();
    const first = await withHandle(page.session, 7, useHandle(page));
    page.replace(true);
    page.sent.length = 0;
    const next = await withHandle(page.session, 7, useHandle(page));
    assert.notEqual(next.objectId, first.objectId);
    assert.deepEqual(page.sent.slice(0, 2), ['DOM.resolveNode', 'Runtime.callFunctionOn'], 'no call on the old handle');
  });

  it('lets the page’s own answer stand: a CommandError is not retried', async () => {
    const page = fakeSession();
    await withHandle(page.session, 7, useHandle(page));
    let calls = 0;
    await assert.rejects(
      withHandle(page.session, 7, async () => {
        calls++;
        throw new CommandError('NOT_VISIBLE', 'hidden');
      }),
      /hidden/,
    );
    assert.equal(calls, 1);
  });
});
