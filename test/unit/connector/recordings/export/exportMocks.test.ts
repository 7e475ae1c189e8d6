import assert from 'node:assert/strict';
import { exportMocksOf } from '../../../../../src/connector/recordings/export/exportMocks';

describe("a replay's network mocks as an exported test's mocks", () => {
  it('turns respond rules into Playwright globs with their answer, and leaves out what a runner cannot answer', () => {
    assert.deepEqual(
      exportMocksOf([
        { url: '*/api/order', method: 'post', action: 'respond', status: 503, body: 'down' },
        { url: 'order.json', action: 'respond', headers: { 'x-a': '1' } },
        { urlPattern: '/api/orders/:id', action: 'respond', status: 404 },
        { url: '*', action: 'fail', error: 'ConnectionRefused' },
        { url: '*.png', action: 'block' },
        { url: '*', action: 'delay', delayMs: 100 },
      ]),
      [
        { url: '**/api/order', method: 'POST', status: 503, body: 'down' },
        { url: '**order.json**', status: 200, headers: { 'x-a': '1' } },
        { url: '**/api/orders/*', status: 404 },
      ],
    );
  });

  it('none without a replay that had mocks', () => {
    assert.deepEqual(exportMocksOf(undefined), []);
    assert.deepEqual(exportMocksOf([]), []);
  });
});
