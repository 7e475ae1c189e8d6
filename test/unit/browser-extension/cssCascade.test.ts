import assert from 'node:assert/strict';
import {
  cascade,
  type CdpProperty,
  type CdpRule,
} from '../../../browser-extension/src/background/inspection/cssCascade';

const range = { startLine: 0, startColumn: 0 };
const prop = (name: string, value: string, extra: Partial<CdpProperty> = {}): CdpProperty => ({
  name,
  value,
  range,
  ...extra,
});
const rule = (selector: string, properties: CdpProperty[], origin = 'regular'): CdpRule => ({
  styleSheetId: '1',
  selectorList: { selectors: [{ text: selector, range }], text: selector },
  origin,
  style: { cssProperties: properties },
});
const statuses = (rules: ReturnType<typeof cascade>) =>
  rules.map(({ rule: { selector, declarations } }) => [
    selector,
    declarations.map(({ name, status }) => `${name}:${status}`),
  ]);

describe('inspection cascade', () => {
  it('lists the inline style, then the rules last-matched first, marking what later rules override', () => {
    const rules = cascade({
      inlineStyle: { cssProperties: [prop('color', 'red')] },
      matchedCSSRules: [
        {
          rule: rule('button', [prop('color', 'blue'), prop('padding', '1px'), prop('margin', '0')]),
          matchingSelectors: [0],
        },
        { rule: rule('.counter', [prop('padding-top', '2px'), prop('margin', '4px')]), matchingSelectors: [0] },
      ],
    });
    assert.deepEqual(statuses(rules), [
      ['style attribute', ['color:winning']],
      ['.counter', ['padding-top:winning', 'margin:winning']],
      ['button', ['color:overridden', 'padding:winning', 'margin:overridden']],
    ]);
  });

  it('lets !important beat later normal declarations, and skips longhands Chrome expanded (no range) and invalid ones', () => {
    const rules = cascade({
      matchedCSSRules: [
        {
          rule: rule('a', [prop('color', 'green', { important: true }), prop('colr', 'x', { parsedOk: false })]),
          matchingSelectors: [0],
        },
        { rule: rule('#id', [prop('color', 'red'), { name: 'color', value: 'red' }]), matchingSelectors: [0] },
      ],
    });
    assert.deepEqual(statuses(rules), [
      ['#id', ['color:overridden']],
      ['a', ['color:winning', 'colr:invalid']],
    ]);
  });

  it('marks an earlier declaration in the same rule overridden by a later one, and a border does not reset border-radius', () => {
    const [only] = cascade({
      matchedCSSRules: [
        {
          rule: rule('b', [prop('border-radius', '2px'), prop('border-color', 'red'), prop('border', '1px solid')]),
          matchingSelectors: [0],
        },
      ],
    });
    assert.deepEqual(statuses([only!]), [
      ['b', ['border-radius:winning', 'border-color:overridden', 'border:winning']],
    ]);
  });
});
