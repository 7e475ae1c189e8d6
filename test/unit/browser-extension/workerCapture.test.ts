import assert from 'node:assert/strict';
import { fake, installFake, setCapture } from './workerCaptureChrome';
import { ActionSession, openSession } from '../../../browser-extension/src/background/actions/actionSession';
import { listenForWorkerCapture, workerStarted } from '../../../browser-extension/src/background/workers/workerCapture';

/** Lets pending promise callbacks (the lookup, the attach, the domains) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('worker capture: a page that starts a Worker opens its tab session once (#33)', () => {
  const pins: string[] = [];
  const originalPin = ActionSession.prototype.pin;
  const originalUnpin = ActionSession.prototype.unpin;
  before(() => {
    installFake();
    listenForWorkerCapture();
    ActionSession.prototype.pin = function (key) {
      pins.push(`pin ${this.tabId} ${key}`);
      return originalPin.call(this, key);
    };
    ActionSession.prototype.unpin = function (key) {
      pins.push(`unpin ${this.tabId} ${key}`);
      return originalUnpin.call(this, key);
    };
  });
  after(async () => {
    ActionSession.prototype.pin = originalPin;
    ActionSession.prototype.unpin = originalUnpin;
    for (const tabId of [1, 2, 3, 4]) await openSession(tabId)?.detach();
  });
  beforeEach(() => {
    pins.length = 0;
    fake.attaches.length = 0;
    fake.frameLookups = 0;
  });
  const commit = (tabId: number, documentId: string) => {
    for (const listener of fake.committed) listener({ tabId, frameId: 0, documentId });
  };

  it('off: a signal looks nothing up and attaches nothing', async () => {
    setCapture(false);
    workerStarted(1);
    await settle();
    assert.equal(fake.frameLookups, 0);
    assert.deepEqual(fake.attaches, []);
  });

  it('on: a flood of signals costs one lookup at a time and one attach, pinned', async () => {
    setCapture(true);
    fake.top = { documentId: 'doc-1', url: 'http://localhost:5173/' };
    for (let i = 0; i < 50; i++) workerStarted(1);
    await settle();
    assert.equal(fake.frameLookups, 1);
    for (let i = 0; i < 50; i++) workerStarted(1);
    await settle();
    assert.deepEqual(fake.attaches, [1]);
    assert.deepEqual(pins, ['pin 1 worker-capture']);
  });

  it("a new page's signal before its commit event is kept; the commit of another document releases", async () => {
    fake.top = { documentId: 'doc-2', url: 'http://localhost:5173/next' };
    workerStarted(1);
    await settle();
    commit(1, 'doc-2');
    assert.deepEqual(pins, ['pin 1 worker-capture'], 'the open session is pinned again, not released');
    commit(1, 'doc-3');
    assert.deepEqual(pins, ['pin 1 worker-capture', 'unpin 1 worker-capture']);
    assert.deepEqual(fake.attaches, [], 'the open session served the new page');
  });

  it('a tab out of scope is not attached', async () => {
    fake.top = { documentId: 'doc-x', url: 'https://bank.example/' };
    workerStarted(2);
    await settle();
    assert.deepEqual(fake.attaches, []);
  });

  it('released while attaching (the page navigated): the session is not pinned', async () => {
    let open = () => {};
    fake.attachGate = new Promise<void>((resolve) => (open = resolve));
    fake.top = { documentId: 'doc-4', url: 'http://localhost:5173/' };
    workerStarted(3);
    await settle();
    assert.deepEqual(fake.attaches, [3]);
    commit(3, 'doc-5');
    open();
    await settle();
    await settle();
    assert.ok(openSession(3), 'the session opened');
    assert.deepEqual(pins, [], 'and idles out like an agent session');
    fake.attachGate = Promise.resolve();
  });

  it('turning the setting off releases every held tab', async () => {
    fake.top = { documentId: 'doc-6', url: 'http://localhost:5173/' };
    workerStarted(4);
    await settle();
    await settle();
    assert.deepEqual(pins, ['pin 4 worker-capture']);
    setCapture(false);
    assert.deepEqual(pins, ['pin 4 worker-capture', 'unpin 4 worker-capture']);
  });
});
