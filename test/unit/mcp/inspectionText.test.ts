import assert from 'node:assert/strict';
import { inspectionText } from '../../../src/mcp/format/inspectionText';
import type { ElementInspection } from '../../../src/shared/inspection';

const inspection = (rules: number): ElementInspection => ({
  tabId: 1,
  tag: 'div',
  selector: 'div.card',
  visible: false,
  hiddenReasons: ['display:none on its ancestor <main>'],
  computed: { display: 'block' },
  userAgentRules: 1,
  components: { framework: 'none', note: 'No component found.', components: [] },
  rules: Array.from({ length: rules }, (_, i) => ({
    selector: `.rule-${i}`,
    origin: 'author' as const,
    location: {
      sheetUrl: 'http://x/app.css',
      line: i + 1,
      column: 1,
      original: { source: 'src/app.css', line: i + 1 },
    },
    declarations: [
      { name: 'color', value: 'red', status: 'winning' as const },
      { name: 'margin', value: '0 auto', status: 'overridden' as const },
    ],
  })),
});

describe('inspect_element text', () => {
  it('stays within 3,000 characters by default and says how many rules it left out', () => {
    const text = inspectionText(inspection(200));
    assert.ok(text.length <= 3000, `${text.length}`);
    assert.match(text, /^\.rule-0 — src\/app\.css:1$/m);
    assert.match(text, /… \d+ more rule\(s\) of lower precedence; pass a larger maxChars/);
    assert.match(text, /Not visible: display:none on its ancestor <main>\./);
    assert.match(text, /Component: unavailable\. No component found\./);
  });

  it('shows every rule when they fit', () => {
    const text = inspectionText(inspection(3));
    assert.doesNotMatch(text, /more rule/);
    assert.match(text, /^ {2}✗ margin: 0 auto \(overridden\)$/m);
  });

  it('names where a selector the top document did not match found the element: a frame, an open shadow root in it', () => {
    const text = inspectionText({ ...inspection(1), frame: 'http://x/pay.html', shadowHost: 'div#card-host' });
    assert.match(
      text,
      /^div\.card$|selector: div\.card\nIn the frame http:\/\/x\/pay\.html\nIn the open shadow root of <div#card-host>\n/,
    );
    assert.doesNotMatch(inspectionText(inspection(1)), /In the (frame|open shadow root)/);
  });
});
