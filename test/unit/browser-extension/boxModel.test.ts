import assert from 'node:assert/strict';
import { boxFrom, computedNames, computedValues } from '../../../browser-extension/src/background/inspection/boxModel';

const sides = (prefix: string, values: [string, string, string, string], suffix = '') =>
  ['top', 'right', 'bottom', 'left'].map((side, at) => [`${prefix}-${side}${suffix}`, values[at]!] as const);

describe('inspection box and computed values (measured in the page)', () => {
  it('asks the page for the longhands, box widths, offsets and the caller’s properties, once each', () => {
    const names = computedNames(['gap', 'display']);
    for (const name of ['display', 'margin-top', 'padding-left', 'border-right-width', 'top', 'overflow-x', 'gap'])
      assert.ok(names.includes(name), name);
    assert.ok(!names.includes('margin') && !names.includes('overflow'));
    assert.equal(names.filter((name) => name === 'display').length, 1);
  });

  it('folds margin, padding and overflow, and shows offsets only when positioned', () => {
    const values = new Map<string, string>([
      ['display', 'inline-block'],
      ['position', 'static'],
      ['top', '3px'],
      ...sides('margin', ['0px', '0px', '0px', '0px']),
      ...sides('padding', ['8px', '16px', '8px', '16px']),
      ['overflow-x', 'hidden'],
      ['overflow-y', 'auto'],
      ['gap', 'normal'],
    ]);
    const computed = computedValues(values, ['gap']);
    assert.equal(computed.margin, '0px');
    assert.equal(computed.padding, '8px 16px');
    assert.equal(computed.overflow, 'hidden auto');
    assert.equal(computed.gap, 'normal');
    assert.equal(computed.top, undefined);
    assert.deepEqual(Object.keys(computed).slice(0, 2), ['display', 'position']);
    assert.equal(computedValues(new Map([...values, ['position', 'absolute']])).top, '3px');
  });

  it('builds the box from the border rect and the used widths; none without a layout box', () => {
    const values = new Map<string, string>([
      ...sides('padding', ['8px', '16px', '8px', '16px']),
      ...sides('border', ['2px', '2px', '2px', '2px'], '-width'),
      ...sides('margin', ['0px', '4.25px', '0px', '0px']),
    ]);
    assert.deepEqual(boxFrom({ x: 40, y: 40.04, width: 93.0625, height: 35 }, values), {
      x: 40,
      y: 40,
      width: 93.1,
      height: 35,
      padding: { top: 8, right: 16, bottom: 8, left: 16 },
      border: { top: 2, right: 2, bottom: 2, left: 2 },
      margin: { top: 0, right: 4.3, bottom: 0, left: 0 },
    });
    assert.equal(boxFrom(null, values), undefined);
  });
});
