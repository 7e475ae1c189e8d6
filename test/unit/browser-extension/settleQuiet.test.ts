import assert from 'node:assert/strict';
import { createContext, runInContext } from 'node:vm';
import { domQuiet } from '../../../browser-extension/src/background/actions/settle';
import type { Send } from '../../../browser-extension/src/background/debuggerSession';

/**
 * A page for the settle wait's own expressions: a realm with `performance`, a `document` and a MutationObserver
 * whose callback the test fires (`mutate`). `send` runs each Runtime.evaluate in it and counts the round trips.
 */
function fakePage(onEvaluate: (page: { mutate(): void; navigate(): void }, trip: number) => void = () => {}) {
  const observers: (() => void)[] = [];
  const context = createContext({
    performance,
    document: {},
    MutationObserver: class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.callback), 1);
      }
    },
  });
  const page = {
    mutate: () => observers.forEach((callback) => callback()),
    navigate: () => runInContext(`delete globalThis[Symbol.for('browser-debug.domWatch')]`, context),
    watch: () => runInContext(`globalThis[Symbol.for('browser-debug.domWatch')]`, context) as unknown,
    observers,
    trips: 0,
  };
  const send = (async (method: string, params: { expression: string }) => {
    assert.equal(method, 'Runtime.evaluate');
    onEvaluate(page, ++page.trips);
    return { result: { value: runInContext(params.expression, context) as unknown } };
  }) as Send;
  return { page, send };
}

describe('settle: the DOM quiet wait (round trips through Chrome, which pass its UI thread)', () => {
  it('a quiet page costs two round trips, and the watch is gone after', async () => {
    const { page, send } = fakePage();
    assert.equal(await domQuiet(send, 20, 1500), 2);
    assert.equal(page.trips, 2);
    assert.equal(page.watch(), undefined);
    assert.equal(page.observers.length, 0);
  });

  it('a mutation during the wait costs one read more, and it still ends quiet', async () => {
    const { page, send } = fakePage((page, trip) => trip === 2 && page.mutate());
    const started = Date.now();
    assert.equal(await domQuiet(send, 20, 1500), 3);
    assert.ok(Date.now() - started >= 20, 'waited for the quiet time after the mutation');
    assert.equal(page.watch(), undefined);
  });

  it('a navigation (no watch in the new document) ends the wait', async () => {
    const { page, send } = fakePage((page, trip) => trip === 2 && page.navigate());
    assert.equal(await domQuiet(send, 20, 1500), 2);
    assert.equal(page.trips, 2, 'nothing is left to remove');
  });

  it('a page that never stops changing ends at the cap, and the watch is removed', async () => {
    const { page, send } = fakePage((page) => page.mutate());
    const trips = await domQuiet(send, 20, 100);
    await Promise.resolve();
    assert.ok(trips >= 3, `${trips}`);
    assert.equal(page.trips, trips + 1, 'one more evaluation removes the watch');
    assert.equal(page.watch(), undefined);
    assert.equal(page.observers.length, 0);
  });
});
