import assert from 'node:assert/strict';
import type { SnapshotLine } from '../../../browser-extension/src/background/actions/axTree';
import { parseChord } from '../../../browser-extension/src/background/actions/keyboard';
import { fitSnapshot } from '../../../browser-extension/src/background/actions/snapshotBudget';
import { diffLines } from '../../../browser-extension/src/background/actions/snapshotDiff';

/** A page of `rows` table rows, each a row line, two cells and a button, after a heading. */
function tablePage(rows: number): SnapshotLine[] {
  const lines: SnapshotLine[] = [
    { text: 'e1 heading "Teas"', depth: 0, interactive: false, ref: 'e1' },
    { text: 'e2 table', depth: 0, interactive: false, ref: 'e2' },
  ];
  for (let i = 1; i <= rows; i++) {
    lines.push({ text: `  r${i} row`, depth: 1, interactive: false, ref: `r${i}` });
    lines.push({ text: `    cell "Tea ${i}"`, depth: 2, interactive: false });
    lines.push({ text: `    cell "China"`, depth: 2, interactive: false });
    lines.push({ text: `    b${i} button "Buy ${i}"`, depth: 2, interactive: true, ref: `b${i}` });
  }
  return lines;
}

describe('action engine: snapshot budget, diff, key chords', () => {
  it('keeps a small page whole', () => {
    const fitted = fitSnapshot(tablePage(3), 10_000);
    assert.equal(fitted.omitted, 0);
    assert.equal(fitted.text.split('\n').length, 14);
  });

  it('keeps the start and then interactive lines within the budget, and says how to narrow', () => {
    const fitted = fitSnapshot(tablePage(2000), 5000);
    assert.ok(fitted.text.length <= 5000, `${fitted.text.length}`);
    const lines = fitted.text.split('\n');
    assert.equal(lines[0], 'e1 heading "Teas"');
    assert.ok(lines.includes('    cell "Tea 1"'), 'the start is whole');
    const lastCell = Math.max(
      ...lines.filter((line) => line.includes('cell "Tea')).map((line) => Number(/Tea (\d+)/.exec(line)![1])),
    );
    const lastButton = Math.max(
      ...lines.filter((line) => line.includes('button')).map((line) => Number(/Buy (\d+)/.exec(line)![1])),
    );
    assert.ok(lastButton > lastCell * 2, `buttons go on (${lastButton}) after the cells stop (${lastCell})`);
    assert.match(
      lines.at(-1)!,
      /^\[Snapshot cut to about 5000 characters: \d+ of 8002 lines shown .* Large parts: ref e2 \(table, 8000 lines\)\.\]$/,
    );
  });

  it('diffs snapshot lines as multisets, capped', () => {
    assert.deepEqual(diffLines(['a', 'b', 'b', 'c'], ['a', 'b', 'c', 'd']), { added: ['d'], removed: ['b'], more: 0 });
    const many = diffLines(
      [],
      Array.from({ length: 100 }, (_, i) => `line ${i}`),
    );
    assert.equal(many.added.length, 40);
    assert.equal(many.more, 60);
  });

  it('parses key chords and refuses unknown keys with the names it knows', () => {
    assert.deepEqual(parseChord('Control+Shift+A'), {
      modifiers: ['Control', 'Shift'],
      key: { key: 'A', code: 'KeyA', keyCode: 65, text: 'A' },
    });
    assert.deepEqual(parseChord('Ctrl+-'), {
      modifiers: ['Control'],
      key: { key: '-', code: 'Minus', keyCode: 189, text: '-' },
    });
    assert.equal(parseChord('Enter').key.text, '\r');
    assert.equal(parseChord('F5').key.keyCode, 116);
    assert.deepEqual(parseChord('@').key, { key: '@', code: 'Digit2', keyCode: 50, text: '@' }, 'US layout: Shift+2');
    assert.throws(() => parseChord('Banana'), /Unknown key 'Banana'. Use a key name such as Enter/);
  });
});
