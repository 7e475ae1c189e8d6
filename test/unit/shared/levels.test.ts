import assert from 'node:assert/strict';
import { levelOf, meetsLevel } from '../../../src/shared/levels';

describe('console levels (src/shared/levels)', () => {
  it("reads an entry's level: an uncaught error is an error, a console call keeps its own", () => {
    assert.equal(levelOf({ type: 'console-error' }), 'error');
    for (const level of ['debug', 'log', 'info', 'warn', 'error'] as const)
      assert.equal(levelOf({ type: 'console-log', level }), level);
  });

  it('filters by minimum severity, log and info sharing a rank', () => {
    assert.ok(meetsLevel(levelOf({ type: 'console-error' }), 'warn'));
    assert.ok(meetsLevel('info', 'log') && meetsLevel('log', 'info'));
    assert.ok(!meetsLevel('debug', 'log'));
  });
});
