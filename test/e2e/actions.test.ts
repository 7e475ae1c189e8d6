import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { actRig, refIn } from './support/actRig';

interface Seen {
  kind: string;
  trusted: boolean;
  [key: string]: unknown;
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);

describe('actions: snapshot and click through MCP in real Chromium', function () {
  this.timeout(90_000);
  const rig = actRig();
  let page: Page;
  let snapshot: string;

  before(async () => {
    page = await rig.open('/');
    const answer = await rig.tool('take_snapshot');
    assert.equal(answer.isError, false, answer.text);
    snapshot = answer.text;
  });

  it('snapshots the page as role, name, state and ref lines', () => {
    assert.match(snapshot, /- heading "Tea shop" \[level=1\]|- heading "Tea shop"/);
    assert.match(snapshot, /- button "Sign in" \[ref=e\d+\]/);
    assert.match(snapshot, /- textbox "Email" \[ref=e\d+\]/);
    assert.match(snapshot, /- combobox "Tea"[^\n]*\[ref=e\d+\]/);
    assert.match(snapshot, /- spinbutton "Quantity" \[value="1"\] \[ref=e\d+\]/);
    assert.match(snapshot, /- button "Unavailable" \[disabled\] \[ref=e\d+\]/);
    assert.match(snapshot, /- checkbox "Remember me" \[ref=e\d+\]/);
  });

  it('clicks with trusted input and says what followed: the uncaught error the click threw', async () => {
    const quantity = refIn(snapshot, /spinbutton "Quantity"/);
    const fill = await rig.tool('fill', { ref: quantity, value: '0' });
    assert.equal(fill.isError, false, fill.text);
    assert.equal(await page.inputValue('#quantity'), '0');
    const add = await rig.tool('click', { ref: refIn(snapshot, /button "Add to cart"/) });
    assert.equal(add.isError, false, add.text);
    assert.match(add.text, /Clicked e\d+\. What followed/);
    assert.match(add.text, /Error #\d+: .*Quantity must be positive, got 0/);
    assert.doesNotMatch(add.text, /Page changes/, 'a throwing click changes nothing but focus, which diffs ignore');
    const clicks = (await seen(page)).filter((event) => event.kind === 'click' && event.target === 'add');
    assert.equal(clicks.length, 1);
    assert.equal(clicks[0]!.trusted, true);
  });
});
