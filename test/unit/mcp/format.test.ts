import assert from 'node:assert/strict';
import { newestThatFit } from '../../../src/mcp/format/list';
import { cut, oneLine, shortLocation } from '../../../src/mcp/format/text';

describe('MCP answer formatting', () => {
  it('cut keeps within the limit, marker included, and says how much is missing and where it is', () => {
    for (const [length, max] of [
      [1000, 100],
      [100_000, 20_000],
      [10_001, 9_990],
      [500, 120],
    ] as const) {
      const value = 'a'.repeat(length);
      const text = cut(value, max, 'get_console_entry id=7');
      assert.ok(text.length <= max, `${length} → ${text.length} ≤ ${max}`);
      const match = /^(a*)…\[truncated (\d+) chars; get_console_entry id=7\]$/.exec(text);
      assert.ok(match, text);
      assert.equal(match[1]!.length + Number(match[2]), length, 'kept + dropped = whole');
    }
    assert.equal(cut('short', 10), 'short');
  });

  it('puts every entry on one line and drops the page origin from script locations', () => {
    assert.equal(oneLine('first\n  second\r\nthird'), 'first ⏎ second ⏎ third');
    assert.equal(shortLocation('http://localhost:5173/src/main.ts:3:9'), '/src/main.ts:3:9');
    assert.equal(shortLocation('file:///app/main.js:1:1'), 'file:///app/main.js:1:1');
  });

  it('newestThatFit keeps the newest lines that fit, oldest first, and always the newest one', () => {
    const entries = [1, 2, 3, 4, 5];
    assert.deepEqual(
      newestThatFit(entries, (n) => `line ${n}`, 14),
      ['line 4', 'line 5'],
    );
    assert.deepEqual(
      newestThatFit(entries, (n) => `line ${n}`, 1000),
      ['line 1', 'line 2', 'line 3', 'line 4', 'line 5'],
    );
    assert.deepEqual(
      newestThatFit(entries, (n) => `line ${n}`, 3),
      ['line 5'],
    );
    let made = 0;
    newestThatFit(
      Array.from({ length: 1000 }, (_, i) => i),
      (n) => (made++, `${n}`.padEnd(99)),
      1000,
    );
    assert.ok(made <= 11, `only the lines that can fit are made (${made})`);
  });
});
