import assert from 'node:assert/strict';
import { TabTargets, type ChildTarget } from '../../../browser-extension/src/background/targets/tabTargets';

/** chrome.debugger.sendCommand as the child sessions see it: every call is recorded and answered empty. */
function fakeDebugger(): { sent: { sessionId?: string; method: string }[] } {
  const sent: { sessionId?: string; method: string }[] = [];
  const chrome = {
    debugger: {
      sendCommand: async (target: { sessionId?: string }, method: string) => (
        sent.push({ sessionId: target.sessionId, method }),
        {}
      ),
    },
  };
  Object.assign(globalThis, { chrome: { ...(globalThis as { chrome?: object }).chrome, ...chrome } });
  return { sent };
}

const attached = (sessionId: string, type: string, url = `http://localhost/${sessionId}`) => ({
  sessionId,
  targetInfo: { targetId: `target-${sessionId}`, type, url },
  waitingForDebugger: false,
});

describe('TabTargets: the child sessions of one tab', () => {
  it('keeps frames and workers, auto-attaches under each, and lets a detached frame take its children', async () => {
    const { sent } = fakeDebugger();
    const targets = new TabTargets(7, () => false);
    const seen: string[] = [];
    targets.onAttached((target) => seen.push(target.sessionId));
    targets.dispatch(undefined, 'Target.attachedToTarget', attached('a', 'iframe'));
    targets.dispatch('a', 'Target.attachedToTarget', attached('b', 'iframe'));
    targets.dispatch(undefined, 'Target.attachedToTarget', attached('w', 'service_worker'));
    targets.dispatch(undefined, 'Target.attachedToTarget', attached('p', 'page'));
    assert.deepEqual(seen, ['a', 'b', 'w'], 'a page target (a portal, a prerender) is not a child of the tab');
    assert.equal(targets.get('b')?.parentSessionId, 'a');
    assert.equal(targets.byTargetId('target-w')?.type, 'service_worker');
    await Promise.resolve();
    assert.deepEqual(
      sent.filter((call) => call.method === 'Target.setAutoAttach').map((call) => call.sessionId),
      ['a', 'b', 'w'],
      'each child attaches its own children',
    );
    targets.dispatch(undefined, 'Target.detachedFromTarget', { sessionId: 'a' });
    assert.deepEqual(
      targets.list().map((target) => target.sessionId),
      ['w'],
      'the nested frame went with its parent',
    );
  });

  it('routes an event to listeners with the child it came from, and refuses to send to a gone child', async () => {
    fakeDebugger();
    const targets = new TabTargets(7, () => false);
    targets.dispatch(undefined, 'Target.attachedToTarget', attached('a', 'iframe'));
    const got: [unknown, ChildTarget][] = [];
    const off = targets.on('Fetch.requestPaused', (params, target) => got.push([params, target]));
    targets.dispatch('a', 'Fetch.requestPaused', { requestId: '1' });
    targets.dispatch('unknown', 'Fetch.requestPaused', { requestId: '2' });
    off();
    targets.dispatch('a', 'Fetch.requestPaused', { requestId: '3' });
    assert.deepEqual(
      got.map(([params, target]) => [params, target.sessionId]),
      [[{ requestId: '1' }, 'a']],
    );
    targets.dispatch(undefined, 'Target.targetInfoChanged', {
      targetInfo: { targetId: 'target-a', url: 'http://localhost/moved' },
    });
    assert.equal(targets.get('a')?.url, 'http://localhost/moved');
    targets.dispatch(undefined, 'Target.detachedFromTarget', { sessionId: 'a' });
    await assert.rejects(targets.sender('a')('DOM.enable'), /TARGET_GONE|gone/);
  });
});
