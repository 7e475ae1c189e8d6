import assert from 'node:assert/strict';
import type { ActionOutcome } from '../../../src/connector/actions/runAction';
import { describeOutcome, showsFilledValue } from '../../../src/mcp/format/actionOutcome';
import { unfenced } from '../../support/mcp';

function outcome(diff: ActionOutcome['diff'], extra: Partial<ActionOutcome> = {}): ActionOutcome {
  return {
    action: 'click',
    tabId: 7,
    navigated: false,
    busy: false,
    settledMs: 80,
    tookMs: 120,
    errors: [],
    warnings: [],
    failed: [],
    shown: [],
    diff,
    ...extra,
  } as ActionOutcome;
}

describe('action answers: what followed, said once', () => {
  it('shows a line whose ref was removed and added again once, as it is now (~), beside new and gone lines', () => {
    const text = describeOutcome(
      'Clicked e11',
      outcome({
        added: ['e12 status: "Cart: 1 × oolong"', 'e40 button "Undo"'],
        removed: ['e12 status: "Cart is empty"', 'e13 button "Place order"'],
        more: 0,
      }),
      18_000,
    );
    assert.equal(
      unfenced(text),
      [
        'Clicked e11. What followed:',
        '- Page changes (+ new, − gone, ~ changed):',
        '  ~ e12 status: "Cart: 1 × oolong"',
        '  + e40 button "Undo"',
        '  − e13 button "Place order"',
      ].join('\n'),
    );
  });

  it("leaves out a fill's own field showing the value (a secret's dots too), and keeps every other change", () => {
    const echo = showsFilledValue('e3', 'ada@example.com');
    const own = outcome({
      added: ['e3 textbox "Email" [value="ada@example.com"]'],
      removed: ['e3 textbox "Email"'],
      more: 0,
    });
    assert.equal(describeOutcome('Filled e3', own, 18_000, echo), 'Filled e3; nothing else followed.');
    const secret = outcome({
      added: ['e4 textbox "Password" [value="•••••"]'],
      removed: ['e4 textbox "Password"'],
      more: 0,
    });
    assert.equal(
      describeOutcome('Filled e4', secret, 18_000, showsFilledValue('e4', 'horse')),
      'Filled e4; nothing else followed.',
    );
    // The page changed the value (an input mask): the model must see it.
    const masked = outcome({
      added: ['e3 textbox "Phone" [value="(555) 010"]'],
      removed: ['e3 textbox "Phone"'],
      more: 0,
    });
    assert.match(
      describeOutcome('Filled e3', masked, 18_000, showsFilledValue('e3', '555010')),
      /~ e3 textbox "Phone" \[value="\(555\) 010"\]/,
    );
    const more = outcome({
      added: ['e3 textbox "Email" [value="ada@example.com"]', 'e9 status: "Checking…"'],
      removed: ['e3 textbox "Email"'],
      more: 0,
    });
    assert.equal(
      unfenced(describeOutcome('Filled e3', more, 18_000, echo)),
      'Filled e3. What followed:\n- Page changes (+ new):\n  + e9 status: "Checking…"',
    );
  });

  it('says how long it waited only when the page had not settled', () => {
    const busy = outcome({ added: ['e9 status: "Saving"'], removed: [], more: 0 }, { busy: true, settledMs: 3000 });
    assert.match(
      describeOutcome('Clicked e8', busy, 18_000),
      /^Clicked e8\. What followed \(answer waited 3000 ms for the page\):/,
    );
    assert.equal(
      describeOutcome('Clicked e8', outcome(undefined), 18_000),
      'Clicked e8. Nothing followed: no errors, warnings, failed requests, dialogs, navigation, or page changes.',
    );
  });
});
