import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until, workerState } from './support/chromium';
import { actRig, refIn, seen } from './support/actRig';

describe('actions: snapshot and act through MCP in real Chromium', function () {
  this.timeout(90_000);
  const rig = actRig();
  let page: Page;
  let snapshot: string;

  /** A fresh tea shop and its snapshot. */
  async function freshShop(): Promise<void> {
    page = await rig.open('/');
    const answer = await rig.tool('take_snapshot');
    assert.equal(answer.isError, false, answer.text);
    snapshot = answer.text;
  }

  describe('the tea shop', () => {
    before(async () => {
      page = await rig.open('/');
      assert.equal(
        (await workerState(rig.browser.worker)).debugger.attaches,
        0,
        'passive capture does not attach the debugger',
      );
      await freshShop();
    });

    it('snapshots the page as role, name, state and ref lines', () => {
      assert.doesNotMatch(
        snapshot,
        /LabelText|InlineTextBox|text "Email"/,
        'labels show once, as the name of their field',
      );
      assert.match(snapshot, /\be\d+ status: "Cart is empty"/);
      assert.match(
        snapshot,
        /^Snapshot of tab \d+, \d+ lines:\n--- page content [0-9a-f]{8} [^\n]+\n"Tea shop" http:\/\/127\.0\.0\.1:\d+\/\n/,
      );
      assert.match(snapshot, /\ne\d+ heading "Tea shop"/);
      assert.match(snapshot, /\n {2}e\d+ button "Sign in"/, 'inside the form, one level in');
      assert.match(snapshot, /\be\d+ textbox "Email"/);
      assert.match(
        snapshot,
        /\be\d+ combobox "Tea" \[value="Pick a tea"\] \[options: "Pick a tea", "Green tea", "Black tea", "Oolong"\]\n/,
      );
      assert.match(snapshot, /\be\d+ spinbutton "Quantity" \[value="1"\]/);
      assert.match(snapshot, /\be\d+ button "Unavailable" \[disabled\]/);
      assert.match(snapshot, /\be\d+ checkbox "Remember me"/);
      assert.doesNotMatch(snapshot, /Hidden button/, 'display:none elements are not in the tree');
    });

    it('keeps refs stable across snapshots of the same page', async () => {
      const again = (await rig.tool('take_snapshot')).text;
      assert.equal(refIn(again, /button "Sign in"/), refIn(snapshot, /button "Sign in"/));
    });

    it('fills a number field, and a click answers the uncaught error it threw, with trusted input', async () => {
      const fill = await rig.tool('fill', { ref: refIn(snapshot, /spinbutton "Quantity"/), value: '0' });
      assert.equal(fill.isError, false, fill.text);
      assert.equal(await page.inputValue('#quantity'), '0');
      const add = await rig.tool('click', { ref: refIn(snapshot, /button "Add to cart"/) });
      assert.equal(add.isError, false, add.text);
      assert.match(add.text, /^Clicked e\d+\. What followed/);
      assert.match(add.text, /Error #\d+: Uncaught RangeError: Quantity must be positive, got 0 \(\/app\.js:\d+:\d+\)/);
      assert.doesNotMatch(add.text, /Page changes/, 'a throwing click changes nothing but focus, which diffs ignore');
      const clicks = (await seen(page, 'click')).filter((event) => event.target === 'add');
      assert.deepEqual(
        clicks.map((event) => event.trusted),
        [true],
      );
    });

    it('answers the console warning a click logged', async () => {
      await rig.tool('fill', { ref: refIn(snapshot, /spinbutton "Quantity"/), value: '2' });
      const add = await rig.tool('click', { ref: refIn(snapshot, /button "Add to cart"/) });
      assert.match(add.text, /Warning #\d+: No tea picked \(\/app\.js:\d+:\d+\)/);
      assert.match(add.text, /[+~] e\d+ status: "Cart: 2 × nothing"/);
    });

    it('picks an option by label and by value, and the diff shows the page change', async () => {
      const tea = refIn(snapshot, /combobox "Tea"/);
      const byLabel = await rig.tool('select_option', { ref: tea, values: ['Black tea'] });
      assert.equal(byLabel.isError, false, byLabel.text);
      assert.equal(await page.inputValue('#tea'), 'black');
      const byValue = await rig.tool('select_option', { ref: tea, values: ['oolong'] });
      assert.match(byValue.text, /~ e\d+ combobox "Tea" \[value="Oolong"\]/);
      assert.deepEqual(
        (await seen(page, 'change')).filter((event) => event.target === 'tea').map((event) => event.value),
        ['black', 'oolong'],
      );
      const missing = await rig.tool('select_option', { ref: tea, values: ['Matcha'] });
      assert.equal(missing.isError, true);
      assert.match(
        missing.text,
        /No option matches Matcha\. The options are: Pick a tea \(value \); Green tea \(value green\)/,
      );
      await rig.tool('fill', { ref: refIn(snapshot, /spinbutton "Quantity"/), value: '3' });
      const add = await rig.tool('click', { ref: refIn(snapshot, /button "Add to cart"/) });
      assert.match(add.text, /~ e\d+ status: "Cart: 3 × oolong"/);
      assert.match(add.text, /Page changes \(~ changed\):/);
      assert.doesNotMatch(add.text, /Error #/);
    });

    it('fills a date input in its own format, and refuses a value it cannot hold', async () => {
      const delivery = refIn(snapshot, /"Delivery"/);
      const fill = await rig.tool('fill', { ref: delivery, value: '2026-12-24' });
      assert.equal(fill.isError, false, fill.text);
      assert.equal(await page.inputValue('#delivery'), '2026-12-24');
      assert.deepEqual(
        (await seen(page, 'change')).filter((event) => event.target === 'delivery').map((event) => event.value),
        ['2026-12-24'],
      );
      const bad = await rig.tool('fill', { ref: delivery, value: 'Christmas' });
      assert.equal(bad.isError, true);
      assert.match(
        bad.text,
        /'Christmas' is not a valid value for this date input\. Use the input's own format, e\.g\. 2026-01-31/,
      );
    });

    it('signs in: fill, type_text, press_key Enter submit the form with trusted events', async () => {
      await rig.tool('fill', { ref: refIn(snapshot, /textbox "Email"/), value: 'ada@example.com' });
      const typed = await rig.tool('type_text', { ref: refIn(snapshot, /textbox "Password"/), text: 'Tea-time 42' });
      assert.equal(typed.isError, false, typed.text);
      assert.equal(await page.inputValue('#password'), 'Tea-time 42');
      const enter = await rig.tool('press_key', { key: 'Enter' });
      assert.match(enter.text, /\+ e\d+ status: "Welcome, ada@example\.com"/);
      assert.equal(await page.textContent('#welcome'), 'Welcome, ada@example.com');
      assert.deepEqual(
        (await seen(page, 'submit')).map((event) => event.trusted),
        [true],
      );
    });

    it('fills a React-style controlled input so its state follows, and clears it with ""', async () => {
      const nickname = refIn(snapshot, /textbox "Nickname"/);
      await rig.tool('fill', { ref: nickname, value: 'Earl Grey' });
      assert.equal(await page.textContent('#nickname-state'), 'state=Earl Grey');
      await rig.tool('fill', { ref: nickname, value: 'Chai' });
      assert.equal(await page.textContent('#nickname-state'), 'state=Chai');
      await rig.tool('fill', { ref: nickname, value: '' });
      assert.equal(await page.textContent('#nickname-state'), 'state=');
      assert.ok((await seen(page, 'input')).every((event) => event.trusted));
      await rig.tool('fill', { ref: refIn(snapshot, /textbox "Notes"/), value: 'first flush' });
      assert.equal(await page.textContent('#notes'), 'first flush');
    });

    it('presses chords: Control+A selects the field, keys reach the focused element', async () => {
      const email = refIn(snapshot, /textbox "Email"/);
      await rig.tool('press_key', { ref: email, key: 'Control+A' });
      await rig.tool('type_text', { text: 'bo@example.com' });
      assert.equal(
        await page.inputValue('#email'),
        'bo@example.com',
        'Control+A selected the old text, typing replaced it',
      );
      await rig.tool('press_key', { ref: refIn(snapshot, /button "Key target"/), key: 'ArrowUp' });
      const keys = await seen(page, 'keydown');
      assert.deepEqual(keys.at(-1), { kind: 'keydown', trusted: true, key: 'ArrowUp', ctrl: false, shift: false });
      const unknown = await rig.tool('press_key', { key: 'Hyper+Q' });
      assert.equal(unknown.isError, true);
      assert.match(unknown.text, /'Hyper' in 'Hyper\+Q' is not a modifier/);
    });

    it('double-clicks, right-clicks and clicks with modifiers held', async () => {
      const target = refIn(snapshot, /button "Key target"/);
      await rig.tool('click', { ref: target, clickCount: 2 });
      await rig.tool('click', { ref: target, button: 'right' });
      await rig.tool('click', { ref: target, modifiers: ['Shift', 'Control'] });
      const events = (await seen(page))
        .filter((event) => event.target === 'key-target')
        .map(({ kind, trusted, button, detail, shift, ctrl }) => [kind, trusted, button, detail, shift, ctrl]);
      assert.deepEqual(events, [
        ['click', true, 0, 1, false, false],
        ['click', true, 0, 2, false, false],
        ['dblclick', true, 0, 2, false, false],
        ['contextmenu', true, 2, 0, false, false],
        ['auxclick', true, 2, 1, false, false],
        ['click', true, 0, 1, true, true],
      ]);
    });

    it('types characters that need Shift as real key presses', async () => {
      await rig.tool('fill', { ref: refIn(snapshot, /textbox "Nickname"/), value: '' });
      await rig.tool('type_text', { ref: refIn(snapshot, /textbox "Nickname"/), text: 'Tea@Home!' });
      assert.equal(await page.textContent('#nickname-state'), 'state=Tea@Home!');
    });

    it('hovers with real pointer moves: mouseenter is trusted, :hover applies, the tooltip shows', async () => {
      const hover = await rig.tool('hover', { ref: refIn(snapshot, /button "Help"/) });
      assert.equal(hover.isError, false, hover.text);
      assert.deepEqual(
        (await seen(page, 'mouseenter')).map((event) => event.trusted),
        [true],
      );
      assert.equal(await page.evaluate(() => document.querySelector('#help')!.matches(':hover')), true);
      assert.match(hover.text, /\+ e\d+ tooltip "Ask us anything"/);
    });

    it('drags with real pointer moves, and HTML5 drag and drop drops', async () => {
      const drag = await rig.tool('drag', { fromRef: refIn(snapshot, /"Card"/), toRef: refIn(snapshot, /"Basket"/) });
      assert.equal(drag.isError, false, drag.text);
      await until(async () => (await page.textContent('#drop-state')) === 'dropped in basket', 5000, 'the drop');
      const drops = await seen(page, 'drop');
      assert.deepEqual(
        drops.map((event) => [event.trusted, event.data]),
        [[true, 'card']],
      );
    });

    it('answers a failing POST that a click caused: method, URL and status', async () => {
      const save = await rig.tool('click', { ref: refIn(snapshot, /button "Save draft"/) });
      assert.match(save.text, /Failed request #\d+: POST http:\/\/127\.0\.0\.1:\d+\/api\/draft → 500/);
      assert.match(save.text, /[+~] e\d+ status: "Draft not saved \(500\)"/);
    });

    it('answers within the cap when a request never ends, saying the page was still busy', async () => {
      const track = await rig.tool('click', { ref: refIn(snapshot, /button "Track order"/) });
      assert.match(track.text, /The page was still busy \(requests in flight or loading\)/);
      assert.match(track.text, /answer waited (1[5-9]\d\d|[2-9]\d\d\d) ms for the page/);
      const next = await rig.tool('click', { ref: refIn(snapshot, /button "Key target"/) });
      assert.doesNotMatch(next.text, /still busy/, "a request pending from before is not the next action's doing");
    });

    it('names a tab the click opened', async () => {
      const opened = await rig.tool('click', { ref: refIn(snapshot, /link "Tea guide"/) });
      assert.match(
        opened.text,
        /- Opened a new tab \d+: http:\/\/127\.0\.0\.1:\d+\/rows\.html\. Later actions go to the active tab \(get_current_page names it\); select_tab picks one\./,
      );
      const guide = () => rig.browser.context.pages().find((candidate) => candidate.url().endsWith('/rows.html'));
      await until(() => guide() !== undefined, 10_000, 'the guide tab');
      await guide()!.close();
      await page.bringToFront();
    });

    it('returns at once naming a confirm() the click opened, and refuses to act while it is open', async () => {
      const order = await rig.tool('click', { ref: refIn(snapshot, /button "Place order"/) });
      assert.equal(order.isError, false, order.text);
      assert.match(order.text, /A confirm dialog opened: "Place the order\?"\. Answer it with handle_dialog\./);
      const blocked = await rig.tool('click', { ref: refIn(snapshot, /button "Add to cart"/) });
      assert.equal(blocked.isError, true);
      assert.match(blocked.text, /A confirm dialog is open \("Place the order\?"\).*handle_dialog/);
      await until(() => rig.dialogs.length === 1, 5000, 'Playwright saw the dialog');
      await rig.dialogs[0]!.accept();
      await until(
        () => rig.app.seen.some((request) => request.method === 'POST' && request.path === '/api/order'),
        5000,
        'the order POST',
      );
    });
  });
});
