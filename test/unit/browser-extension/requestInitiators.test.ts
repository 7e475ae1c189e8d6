import assert from 'node:assert/strict';
import { RequestInitiators } from '../../../browser-extension/src/background/requestInitiators';

describe('request initiators (browser extension worker)', () => {
  const stack = (line: number) =>
    `Error\n    at note (chrome-extension://abc/pageHook.js:1:100)\n    at window.fetch (chrome-extension://abc/pageHook.js:1:200)\n    at load (http://localhost:5173/src/api.ts?t=1:${line}:5)`;

  it('pairs the page’s calling frame with the request by tab, URL and method, oldest first, once', () => {
    const initiators = new RequestInitiators();
    initiators.add(1, { url: 'http://localhost:5173/api', method: 'GET', stackText: stack(7) });
    initiators.add(1, { url: 'http://localhost:5173/api', method: 'GET', stackText: stack(9) });
    initiators.add(1, { url: 'http://localhost:5173/api', method: 'POST', stackText: stack(12) });
    assert.equal(initiators.take(2, 'http://localhost:5173/api', 'GET'), undefined, 'another tab');
    assert.equal(initiators.take(1, 'http://localhost:5173/api', 'post'), 'http://localhost:5173/src/api.ts?t=1:12:5');
    assert.equal(
      initiators.take(1, 'http://localhost:5173/api', 'GET'),
      'http://localhost:5173/src/api.ts?t=1:7:5',
      'our own frames are skipped',
    );
    assert.equal(initiators.take(1, 'http://localhost:5173/api', 'GET'), 'http://localhost:5173/src/api.ts?t=1:9:5');
    assert.equal(initiators.take(1, 'http://localhost:5173/api', 'GET'), undefined);
  });
});
