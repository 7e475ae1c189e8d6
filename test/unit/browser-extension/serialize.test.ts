import assert from 'node:assert/strict';
import { describe as describeValue, formatArgs, formatTable } from '../../../browser-extension/src/content/serialize';

describe('browser extension: console arguments as text', () => {
  it('writes what was logged as DevTools would show it, at the time of the call', () => {
    const row = { id: 7, user: { name: 'user7', roles: ['admin', 'qa'] }, items: [1, 2, 3] };
    assert.equal(
      formatArgs(['row rendered', 7, row]),
      'row rendered 7 {id: 7, user: {name: "user7", roles: ["admin", "qa"]}, items: [1, 2, 3]}',
    );
    const message = formatArgs([row]);
    row.id = 8;
    assert.match(message, /^\{id: 7,/, 'the text is made in the call: a later change does not show');
    assert.equal(formatArgs(['%s has %d items%c', 'cart', '3.5', 'color: red', true]), 'cart has 3 items true');
    assert.equal(formatArgs(['100%', 'done']), '100% done');
    assert.equal(
      formatArgs([null, undefined, 10n, Symbol('s'), function named() {}, () => 1]),
      'null undefined 10n Symbol(s) ƒ named() ƒ anonymous()',
    );
  });

  it('keeps caps: depth, keys, items, circles, and the message length', () => {
    const deep = { a: { b: { c: { d: 1 } } }, list: [[[[1]]]] };
    assert.equal(formatArgs([deep]), '{a: {b: {c: {…}}}, list: [[Array(1)]]}');
    const circle: Record<string, unknown> = { name: 'loop' };
    circle.self = circle;
    circle.pair = [circle];
    assert.equal(formatArgs([circle]), '{name: "loop", self: [Circular], pair: [[Circular]]}');
    const shared = { x: 1 };
    assert.equal(formatArgs([[shared, shared]]), '[{x: 1}, {x: 1}]', 'a repeated object is not a circle');
    const wide = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    assert.match(formatArgs([wide]), /k49: 49, …10 more\}$/);
    assert.match(formatArgs([Array.from({ length: 150 }, (_, i) => i)]), /, 99, …50 more\]$/);
    assert.match(formatArgs(['x'.repeat(20_000)]), /…\[truncated 10000 chars\]$/);
    assert.equal(formatArgs([{ s: 'y'.repeat(600) }]).length, 529);
  });

  it('names maps, sets, dates, errors, regexps and class instances', () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    const error = new Error('bad');
    error.stack = 'Error: bad\n    at here (app.js:1:1)';
    assert.equal(
      formatArgs([new Map([['k', 1]]), new Set([1, 'a']), new Date(0), /x+/g, new Point(1, 2), Object.create(null)]),
      'Map(1) {"k" => 1} Set(2) {1, "a"} 1970-01-01T00:00:00.000Z /x+/g Point {x: 1, y: 2} {}',
    );
    assert.equal(formatArgs([error]), 'Error: bad\n    at here (app.js:1:1)');
    assert.equal(describeValue(new Date(NaN), 0, []), 'Invalid Date');
    assert.equal(formatTable([{ a: 1, b: 'x' }]), 'console.table\n(index) | a | b\n0 | 1 | "x"');
  });

  it('a hostile getter throws out of formatArgs (the wrapper catches it) and leaves nothing marked', () => {
    const hostile = {
      get boom() {
        throw new Error('no');
      },
    };
    const inner = { ok: 1 };
    assert.throws(() => formatArgs([{ inner, hostile }]));
    assert.equal(formatArgs([{ inner }]), '{inner: {ok: 1}}');
  });
});
