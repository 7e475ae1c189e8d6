import assert from 'node:assert/strict';
import { RequestExtras, type Initiator } from '../../../browser-extension/src/background/requestExtras';
import type { CapturedBody, ResourceTiming } from '../../../browser-extension/src/common/messages';
import type { NetworkRequestEvent } from '../../../src/shared/protocol';
import { until } from '../../support/until';

describe('request extras: a finished request paired with what its page reports, in any order', () => {
  const key = '1 http://localhost:5173/api';
  const record = (method = 'GET'): NetworkRequestEvent => ({
    type: 'network-request',
    requestId: String(Math.random()),
    method,
    url: 'http://localhost:5173/api',
    timestamp: 1,
  });
  const timing = { url: 'http://localhost:5173/api', startTime: 1 } as ResourceTiming;
  const finished = () => {
    const done: [NetworkRequestEvent, ResourceTiming?, CapturedBody?, Initiator?][] = [];
    return { done, extras: new RequestExtras((...args) => done.push(args)) };
  };
  const needs = { timing: true, body: false, initiator: true };

  it('waits for the calling line when it comes after the request finished and its timing arrived', () => {
    const { done, extras } = finished();
    extras.expect(key, record(), needs, 60_000);
    extras.addTiming(key, timing);
    assert.equal(done.length, 0, 'still waiting for the initiator');
    extras.addInitiator(key, { method: 'GET', source: 'http://localhost:5173/src/api.ts:7:5' });
    assert.equal(done.length, 1);
    assert.equal(done[0]![3]?.source, 'http://localhost:5173/src/api.ts:7:5');
    assert.equal(done[0]![1], timing);
  });

  it('takes calls reported before the request finished oldest first, by method', () => {
    const { done, extras } = finished();
    extras.addInitiator(key, { method: 'GET', source: 'app.js:7:5' });
    extras.addInitiator(key, { method: 'POST', source: 'app.js:12:5' });
    extras.addInitiator(key, { method: 'GET', source: 'app.js:9:5' });
    for (const method of ['POST', 'GET', 'GET']) {
      extras.expect(key, record(method), needs, 60_000);
      extras.addTiming(key, timing);
    }
    assert.deepEqual(
      done.map(([event, , , initiator]) => [event.method, initiator?.source]),
      [
        ['POST', 'app.js:12:5'],
        ['GET', 'app.js:7:5'],
        ['GET', 'app.js:9:5'],
      ],
    );
  });

  it('pairs a failed request (no timing comes) with a line that comes after it, and lets one with none go in time', async () => {
    const { done, extras } = finished();
    extras.expect(key, record(), { timing: false, body: false, initiator: true }, 60_000);
    extras.addInitiator(key, { method: 'GET', source: 'app.js:3:1' });
    assert.equal(done[0]?.[3]?.source, 'app.js:3:1');
    extras.expect(key, record('DELETE'), { timing: false, body: false, initiator: true }, 20);
    await until(() => done.length === 2, 2000, 'the record without a reported call');
    assert.equal(done[1]![3], undefined);
  });
});
