import assert from 'node:assert/strict';
import { formatBytes, formatMs } from '../../../src/vscode/units';

describe('durations and sizes as people read them', () => {
  it('rounds milliseconds and switches to seconds', () => {
    assert.equal(formatMs(0.4321), '0.4 ms');
    assert.equal(formatMs(12.3456), '12 ms');
    assert.equal(formatMs(999.6), '1.00 s');
    assert.equal(formatMs(1250.4), '1.25 s');
    assert.equal(formatMs(undefined), '—');
    assert.equal(formatMs(-1), '—');
  });

  it('gives sizes in B, kB and MB', () => {
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(3456), '3.5 kB');
    assert.equal(formatBytes(1_234_567), '1.2 MB');
    assert.equal(formatBytes(undefined), '—');
  });
});
