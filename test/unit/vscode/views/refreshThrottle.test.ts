import assert from 'node:assert/strict';
import { RefreshThrottle } from '../../../../src/vscode/views/refreshThrottle';
import { until } from '../../../support/until';

describe('views: the refresh throttle', () => {
  it('refreshes at once, folds a burst into one later refresh, and never loses the last request', async () => {
    const runs: number[] = [];
    const throttle = new RefreshThrottle(200, () => runs.push(performance.now()));
    try {
      throttle.request();
      assert.equal(runs.length, 1, 'a lone change shows at once');
      for (let i = 0; i < 50; i++) throttle.request();
      assert.equal(runs.length, 1, 'a burst waits for the interval');
      await until(() => runs.length === 2, 5000, 'the burst’s refresh');
      assert.ok(runs[1]! - runs[0]! >= 195, `${Math.round(runs[1]! - runs[0]!)} ms apart`);
      throttle.request();
      assert.equal(runs.length, 2, 'still within the interval after the last refresh');
      await until(() => runs.length === 3, 5000, 'the last request’s refresh');
    } finally {
      throttle.dispose();
    }
  });

  it('drops a pending refresh when disposed', () => {
    let runs = 0;
    const throttle = new RefreshThrottle(60_000, () => runs++);
    throttle.request();
    throttle.request();
    throttle.dispose();
    assert.equal(runs, 1);
  });
});
