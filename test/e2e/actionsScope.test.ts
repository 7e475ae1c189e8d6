import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until, workerState } from './support/chromium';
import { actRig, refIn, seen } from './support/actRig';

describe('actions: errors, iframes, big pages, scope and lifetime, through MCP in real Chromium', function () {
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

  describe('errors the model can act on', () => {
    before(freshShop);

    it('refuses an unknown ref, a disabled, a covered and a hidden element, and keeps working', async () => {
      const unknown = await rig.tool('click', { ref: 'e9999' });
      assert.equal(unknown.isError, true);
      assert.match(unknown.text, /No element has ref e9999 on this page.*Take a new snapshot/);
      const disabled = await rig.tool('click', { ref: refIn(snapshot, /button "Unavailable"/) });
      assert.equal(disabled.isError, true);
      assert.match(disabled.text, /<button> "Unavailable" is disabled/);
      const covered = await rig.tool('click', { ref: refIn(snapshot, /button "Covered button"/) });
      assert.equal(covered.isError, true);
      assert.match(covered.text, /<button> "Covered button" is covered by <div#covered-overlay>/);
      assert.equal((await seen(page, 'click')).length, 0, 'nothing was clicked');
      await page.evaluate(() => ((document.querySelector('#key-target') as HTMLElement).style.display = 'none'));
      const hidden = await rig.tool('click', { ref: refIn(snapshot, /button "Key target"/) });
      assert.equal(hidden.isError, true);
      assert.match(hidden.text, /is not visible/);
      await page.evaluate(() => document.querySelector('#to-rows')!.remove());
      const removed = await rig.tool('click', { ref: refIn(snapshot, /link "All teas"/) });
      assert.equal(removed.isError, true);
      assert.match(removed.text, /no longer in the page\. Take a new snapshot/);
      const bad = await rig.tool('click', { ref: 'button' });
      assert.equal(bad.isError, true);
      assert.match(bad.text, /Invalid arguments for click: 'ref'/);
      const ok = await rig.tool('click', { ref: refIn(snapshot, /button "Sign in"/) });
      assert.equal(ok.isError, false, ok.text);
    });

    it('does not call a navigation that never commits (a link to a 204) a navigation', async () => {
      await page.evaluate(() =>
        document
          .querySelector('#elsewhere')!
          .after(Object.assign(document.createElement('a'), { href: '/api/no-content', textContent: 'Nothing here' })),
      );
      const go = await rig.tool('click', { ref: refIn((await rig.tool('take_snapshot')).text, /link "Nothing here"/) });
      assert.equal(go.isError, false, go.text);
      assert.ok(
        rig.app.seen.some((request) => request.path === '/api/no-content'),
        'the browser asked for it',
      );
      assert.doesNotMatch(go.text, /Navigated/, go.text);
      assert.match(await page.title(), /Tea shop/);
    });

    it('after a navigation, says so with the new page, and old refs ask for a new snapshot', async () => {
      await page.evaluate(() =>
        document
          .querySelector('#elsewhere')!
          .after(Object.assign(document.createElement('a'), { href: 'rows.html', textContent: 'Every tea' })),
      );
      const go = await rig.tool('click', { ref: refIn((await rig.tool('take_snapshot')).text, /link "Every tea"/) });
      assert.equal(go.isError, false, go.text);
      assert.match(go.text, /Navigated to "All teas" http:\/\/127\.0\.0\.1:\d+\/rows\.html/);
      assert.match(go.text, /\be\d+ button "Buy tea 1"/);
      const stale = await rig.tool('click', { ref: refIn(snapshot, /button "Sign in"/) });
      assert.equal(stale.isError, true);
      assert.match(stale.text, /Take a new snapshot/);
    });
  });

  describe('a page with an iframe', () => {
    it('snapshots the iframe content in place, and acts in it', async () => {
      page = await rig.open('/framed.html');
      const frame = page.frameLocator('#shop');
      await frame.locator('#signin-button').waitFor();
      const shot = await rig.tool('take_snapshot');
      assert.match(shot.text, /\be\d+ heading "Framed shop"\ne\d+ Iframe "Embedded shop"\n {2}e\d+ heading "Tea shop"/);
      await rig.tool('fill', { ref: refIn(shot.text, /textbox "Email"/), value: 'in@frame.test' });
      const click = await rig.tool('click', { ref: refIn(shot.text, /button "Sign in"/) });
      assert.match(click.text, /\+ e\d+ status: "Welcome, in@frame\.test"/);
      assert.equal(await frame.locator('#welcome').textContent(), 'Welcome, in@frame.test');
    });
  });

  describe('a tab navigated between snapshots', () => {
    it('snapshots the new page each time, small or big, in the same debugger session', async () => {
      page = await rig.open('/');
      assert.match((await rig.tool('take_snapshot')).text, /heading "Tea shop"/);
      await page.goto(`${rig.app.origin}/framed.html`);
      const framed = await rig.tool('take_snapshot');
      assert.equal(framed.isError, false, framed.text);
      assert.match(framed.text, /^e\d+ heading "Framed shop"/m);
      await page.goto(`${rig.app.origin}/rows.html`);
      const rows = await rig.tool('take_snapshot');
      assert.equal(rows.isError, false, rows.text);
      assert.match(rows.text, /heading "All teas"/);
      assert.doesNotMatch(rows.text, /Framed shop/);
    });
  });

  describe('the 2,000-row page', () => {
    before(async () => {
      page = await rig.open('/rows.html');
    });

    it('keeps the snapshot within the budget: the start, the interactive elements, and how to narrow', async () => {
      const answer = await rig.tool('take_snapshot');
      assert.equal(answer.isError, false, answer.text);
      assert.ok(answer.text.length <= 25_000, `${answer.text.length} characters`);
      assert.match(answer.text, /\be\d+ heading "All teas"/);
      assert.match(answer.text, /\be\d+ cell "Tea number 1"/);
      assert.match(answer.text, /\be\d+ button "Buy tea 250"/, 'interactive elements beyond the start');
      assert.doesNotMatch(answer.text, /Buy tea 1999/);
      assert.match(
        answer.text,
        /\[Snapshot cut to about \d+ characters: \d+ of about \d+ lines shown .*call take_snapshot with selector.*Large parts: ref e\d+ \(table, about \d+ lines/,
      );
      // Read only as far as the answer shows: the rest is counted from the rows read (5 lines a row).
      const total = Number(/, about (\d+) lines:\n/.exec(answer.text)?.[1]);
      assert.ok(Math.abs(total - 10_000) < 100, `about ${total} lines`);
      const narrowed = await rig.tool('take_snapshot', { selector: '#teas tbody tr:nth-child(1500)' });
      assert.match(
        narrowed.text,
        /\(only #teas tbody tr:nth-child\(1500\)\), 5 lines:\n--- page content [0-9a-f]{8} [^\n]+\n"All teas" [^\n]+\ne\d+ row\n {2}e\d+ cell "Tea number 1500"/,
      );
      const buy = await rig.tool('click', { ref: refIn(narrowed.text, /button "Buy tea 1500"/) });
      assert.equal(buy.isError, false, buy.text);
      assert.equal(await page.textContent('button[data-row="1500"]'), 'Bought 1500');
      assert.match(
        buy.text,
        /Page changes are not diffed on a page this big \(\d+ snapshot lines\): take_snapshot with a selector/,
      );
    });

    it('answers a click that leads to it with the start of the page, read only as far as shown', async () => {
      page = await rig.open('/');
      const shop = await rig.tool('take_snapshot');
      const go = await rig.tool('click', { ref: refIn(shop.text, /link "All teas"/) });
      assert.equal(go.isError, false, go.text);
      assert.match(go.text, /Navigated to .*rows\.html/);
      assert.match(go.text, /\be\d+ heading "All teas"/);
      assert.match(go.text, /\d+ of about \d+ lines shown/);
      const buy = await rig.tool('click', { ref: refIn(go.text, /button "Buy tea 3"/) });
      assert.equal(buy.isError, false, buy.text);
      assert.equal(await page.textContent('button[data-row="3"]'), 'Bought 3');
      assert.match(buy.text, /Page changes are not diffed on a page this big \(\d+ snapshot lines\)/);
    });

    it('narrows to a part without reading the whole tree', async () => {
      const part = await rig.tool('take_snapshot', { selector: '#teas tbody tr:nth-child(7)' });
      assert.match(
        part.text,
        /, 5 lines:\n--- page content [0-9a-f]{8} [^\n]+\n[^\n]+\ne\d+ row\n {2}e\d+ cell "Tea number 7"/,
      );
      assert.match(part.text, /\n {2}e\d+ button "(Buy tea|Bought) 7"\n--- end of page content [0-9a-f]{8} ---$/);
      const two = await rig.tool('take_snapshot', { selector: '#teas tbody tr:nth-child(-n+2)' });
      assert.match(two.text, /, 10 lines:[\s\S]*"Tea number 1"[\s\S]*"Tea number 2"/, 'parts in page order');
      // A part as big as the page is read as far as the answer shows, like the page.
      const body = await rig.tool('take_snapshot', { selector: 'body' });
      assert.equal(body.isError, false, body.text);
      assert.ok(body.text.length <= 25_000, `${body.text.length} characters`);
      assert.match(body.text, /\(only body\), about (\d+) lines:/);
      const total = Number(/\(only body\), about (\d+) lines:/.exec(body.text)?.[1]);
      assert.ok(Math.abs(total - 10_000) < 100, `about ${total} lines`);
      assert.match(body.text, /\be\d+ button "(Buy tea|Bought) 250"/);
      assert.doesNotMatch(body.text, /Buy tea 1999/);
    });
  });

  describe('scope and lifetime', () => {
    it('says the page is blocked by a dialog it opened before the assistant attached, instead of hanging', async () => {
      page = await rig.open('/');
      await page.evaluate(() => void setTimeout(() => alert('Hello from the page'), 0));
      await until(() => rig.dialogs.length === 1, 5000, 'the alert');
      const shot = await rig.tool('take_snapshot');
      assert.equal(shot.isError, true, shot.text);
      // Chrome does not tell a debugger attached later about the open dialog; the page just does not answer.
      assert.match(
        shot.text,
        /The page does not answer \(within 5 s\): most likely an alert, confirm or prompt dialog is open/,
      );
      await rig.dialogs[0]!.accept();
      const after = await rig.tool('take_snapshot');
      assert.equal(after.isError, false, `works again once the dialog is closed: ${after.text}`);
    });

    it('counts the page without running its scripts: an overridden getElementsByTagName neither alerts nor breaks it', async () => {
      page = await rig.open('/');
      // A string, so the test's compiler adds no helpers the page lacks.
      await page.evaluate(`
        Document.prototype.getElementsByTagName = document.getElementsByTagName = function () {
          alert('counted by the page');
          throw new Error('no count for you');
        };
      `);
      const shot = await rig.tool('take_snapshot');
      assert.equal(shot.isError, false, shot.text);
      assert.match(shot.text, /\be\d+ button "Sign in"/);
      const part = await rig.tool('take_snapshot', { selector: 'form' });
      assert.equal(part.isError, false, part.text);
      assert.deepEqual(
        rig.dialogs.map((dialog) => dialog.message()),
        [],
        'no dialog opened',
      );
    });

    it('does not touch a page outside the scope', async () => {
      const before = (await workerState(rig.browser.worker)).debugger.attaches;
      page = await rig.open(`http://outofscope.test:${rig.app.port}/`);
      const shot = await rig.tool('take_snapshot');
      assert.equal(shot.isError, true);
      assert.match(shot.text, /outside Browser Debug's scope/);
      const click = await rig.tool('click', { ref: 'e1' });
      assert.equal(click.isError, true);
      assert.match(click.text, /outside Browser Debug's scope/);
      assert.equal((await workerState(rig.browser.worker)).debugger.attaches, before, 'no debugger attached to it');
      assert.deepEqual(await seen(page), []);
    });

    it('does not read a page outside the scope that an action led to', async () => {
      page = await rig.open('/');
      const snap = (await rig.tool('take_snapshot')).text;
      const go = await rig.tool('click', { ref: refIn(snap, /link "Partner site"/) });
      assert.equal(go.isError, false, go.text);
      assert.match(go.text, /Navigated to .*http:\/\/outofscope\.test:\d+\/index\.html/);
      assert.match(go.text, /The new page is outside Browser Debug's scope, so it is not read or controlled/);
      assert.doesNotMatch(go.text, /button "Sign in"/);
      assert.equal((await workerState(rig.browser.worker)).debugger.attached, 0, 'the debugger let go of it');
    });

    it('acts on elements a Recorder-style selector names (aria/Name[role], CSS, text/, xpath/), for replay without a snapshot', async () => {
      page = await rig.open('/');
      const { bridge } = rig.connector.connector.services;
      await bridge.command('act', { action: 'fill', selector: '#email', value: 'cy@example.com' }, 20_000);
      const reply = await bridge.command('act', { action: 'click', selector: 'aria/Sign in[role="button"]' }, 20_000);
      assert.equal(await page.textContent('#welcome'), 'Welcome, cy@example.com');
      assert.ok(
        reply.diff?.added.some((line) => line.includes('Welcome, cy@example.com')),
        JSON.stringify(reply),
      );
      await assert.rejects(
        bridge.command('act', { action: 'click', selector: 'aria/Nothing like this' }, 20_000),
        /No element is named "Nothing like this"/,
      );
      await bridge.command('act', { action: 'hover', selector: 'text/Help' }, 20_000);
      assert.equal(await page.evaluate(() => document.querySelector('#help')!.matches(':hover')), true);
      await bridge.command('act', { action: 'click', selector: 'xpath///button[@id="key-target"]' }, 20_000);
      assert.equal((await seen(page, 'click')).filter((event) => event.target === 'key-target').length, 1);
    });

    it('lets other commands share the open action session instead of attaching again', async () => {
      const before = await workerState(rig.browser.worker);
      assert.equal(before.debugger.attached, 1, 'the action session is open');
      const script = await rig.tool('execute_javascript', { code: 'document.title' });
      assert.match(script.text, /Tea shop/);
      assert.equal((await workerState(rig.browser.worker)).debugger.attaches, before.debugger.attaches);
    });

    it('detaches the debugger once the assistant stops acting', async () => {
      page = await rig.open('/');
      await rig.tool('take_snapshot');
      assert.equal((await workerState(rig.browser.worker)).debugger.attached, 1);
      await until(
        async () => (await workerState(rig.browser.worker)).debugger.attached === 0,
        30_000,
        'the idle detach',
      );
    });
  });
});
