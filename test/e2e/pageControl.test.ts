import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { call, textOf } from '../support/mcp';
import { TestSocket } from '../support/wsClient';
import { refIn } from './support/actRig';
import { until } from './support/chromium';
import { mcpRig } from './support/mcpRig';

describe('page control through MCP: history, tabs, waits, the badge and the action log', function () {
  this.timeout(90_000);
  const rig = mcpRig();
  let page: Page;
  afterEach(async () => {
    for (const open of rig.browser.context.pages()) await open.close();
  });

  const tabIdOf = async (target: Page) => {
    const answer = textOf(await call(rig.client, 'list_tabs'));
    const line = answer.split('\n').find((text) => text.includes(target.url()));
    assert.ok(line, `list_tabs names ${target.url()}:\n${answer}`);
    return Number(/tab (\d+)/.exec(line)![1]);
  };

  it('navigate_history goes back, forward and reloads, each answered after the load', async () => {
    page = await rig.open('pagecontrol.html?delay=0');
    await page.click('#to-shop');
    await page.waitForURL(/index\.html$/);
    const back = await call(rig.client, 'navigate_history', { action: 'back' });
    assert.ok(!back.isError, textOf(back));
    assert.match(
      textOf(back),
      /^Went back to tab \d+; the page reached "load":\n--- page content [0-9a-f]{8} [^\n]+\n"Page control" .*pagecontrol\.html\?delay=0\n/,
    );
    assert.equal(await page.evaluate(() => document.readyState), 'complete');
    const forward = await call(rig.client, 'navigate_history', { action: 'forward' });
    assert.match(textOf(forward), /^Went forward to tab \d+[^]*\n"Tea shop" .*index\.html/);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const reload = await call(rig.client, 'navigate_history', { action: 'reload' });
    assert.match(textOf(reload), /^Reloaded tab \d+[^]*\n"Tea shop"/);
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
      undefined,
      'the page was reloaded',
    );
  });

  it('navigate_history with nowhere to go is an isError that says what to do', async () => {
    page = await rig.open('pagecontrol.html?delay=0');
    const forward = await call(rig.client, 'navigate_history', { action: 'forward' });
    assert.equal(forward.isError, true);
    assert.match(textOf(forward), /no page to go forward to.*navigate_to_url/);
    const bad = await call(rig.client, 'navigate_history', { action: 'sideways' });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /'action'.*back, forward or reload|Invalid arguments for navigate_history/);
  });

  it('select_tab brings a tab to the front and makes it the target of later commands', async () => {
    const first = await rig.open('pagecontrol.html?delay=0');
    const second = await rig.open('index.html');
    const firstId = await tabIdOf(first);
    const isActive = async (tabId: number) =>
      textOf(await call(rig.client, 'list_tabs')).includes(`tab ${tabId} [active`);
    assert.equal(await isActive(firstId), false);
    const selected = await call(rig.client, 'select_tab', { tabId: firstId });
    assert.ok(!selected.isError, textOf(selected));
    assert.match(
      textOf(selected),
      new RegExp(`Selected tab ${firstId} and brought it to the front[^]*\\n"Page control" `),
    );
    assert.equal(await isActive(firstId), true, 'the selected tab is in front');
    // The second tab is brought forward by hand; commands still go to the selected one.
    await second.bringToFront();
    const waited = await call(rig.client, 'wait_for', { text: 'Loaded later' });
    assert.match(textOf(waited), new RegExp(`on tab ${firstId}:`));
    const reload = await call(rig.client, 'navigate_history', { action: 'reload' });
    assert.match(textOf(reload), /Reloaded tab \d+[^]*\n"Page control"/);
    assert.match(
      textOf(await call(rig.client, 'get_current_page')),
      new RegExp(`^Current page, the tab select_tab picked:\\n[^\\n]+\\n"Page control" .* \\(tab ${firstId}\\)\\n`),
    );
    const missing = await call(rig.client, 'select_tab', { tabId: 999_999 });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /No tab with id 999999.*list_tabs/s);
    // A selected tab that closes ends with a clear answer to the next call, then commands fall back to the active tab.
    await first.close();
    await until(async () => !textOf(await call(rig.client, 'list_tabs')).includes(`tab ${firstId} `));
    const closed = await call(rig.client, 'wait_for', { text: 'Tea shop' });
    assert.equal(closed.isError, true, textOf(closed));
    assert.match(textOf(closed), new RegExp(`tab ${firstId} was closed`));
    const fallback = await call(rig.client, 'wait_for', { text: 'Tea shop' });
    assert.ok(!fallback.isError, textOf(fallback));
    assert.match(textOf(fallback), /"Tea shop"/);
  });

  it('wait_for waits for text and elements to appear or go, and a timeout says what was not found', async () => {
    page = await rig.open('pagecontrol.html?delay=1500');
    const text = await call(rig.client, 'wait_for', { text: 'Loaded later' });
    assert.ok(!text.isError, textOf(text));
    assert.match(textOf(text), /^Found: the text "Loaded later", after \d+ ms on tab \d+:\n[^\n]+\n"Page control"/);
    assert.equal(await page.textContent('#later'), 'Loaded later');
    await page.reload();
    const gone = await call(rig.client, 'wait_for', { selector: '#spinner', gone: true, timeoutMs: 10_000 });
    assert.match(textOf(gone), /^Gone: an element matching '#spinner'/);
    assert.equal(await page.$('#spinner'), null);
    const timeout = await call(rig.client, 'wait_for', { text: 'Never there', timeoutMs: 300 });
    assert.equal(timeout.isError, true);
    assert.match(
      textOf(timeout),
      /^Timed out after 300 ms: the text "Never there" did not appear on tab \d+\. Take a snapshot[^]*\n"Page control"/,
    );
    const invalid = await call(rig.client, 'wait_for', { selector: 'p[', timeoutMs: 300 });
    assert.equal(invalid.isError, true);
    assert.match(textOf(invalid), /not valid CSS/);
    const nothing = await call(rig.client, 'wait_for', {});
    assert.equal(nothing.isError, true);
    assert.match(textOf(nothing), /Give the text or the selector/);
    const tooLong = await call(rig.client, 'wait_for', { text: 'x', timeoutMs: 60_000 });
    assert.equal(tooLong.isError, true);
  });

  it('shows the acting badge while an action runs, and records every action on /ws', async () => {
    const startedAt = Date.now();
    const socket = await TestSocket.open(`ws://127.0.0.1:${rig.connector.port}/ws`);
    page = await rig.open('pagecontrol.html?delay=0');
    const answer = await call(rig.client, 'navigate_to_url', {
      url: `${rig.app.origin}/pagecontrol.html?delay=0&again=1`,
    });
    assert.ok(!answer.isError, textOf(answer));
    await call(rig.client, 'execute_javascript', { code: 'document.title' });
    const badgeSeen = () => page.evaluate(() => (window as unknown as { badgeSeen: string[] }).badgeSeen.join());
    await until(async () => (await badgeSeen()) === 'shown,hidden', 10_000, 'the badge shown, then hidden');
    // An action tool (click) shows it too.
    const edit = refIn(textOf(await call(rig.client, 'take_snapshot')), /button "Edit"/);
    assert.ok(!(await call(rig.client, 'click', { ref: edit })).isError);
    await until(async () => (await badgeSeen()) === 'shown,hidden,shown,hidden', 10_000, 'the badge around the click');
    const failed = await call(rig.client, 'navigate_history', { action: 'forward' });
    assert.equal(failed.isError, true);
    const frames = async () =>
      socket.frames.filter((frame) => frame.type === 'agent-action' && Number(frame.timestamp) >= startedAt);
    await until(async () => (await frames()).length >= 4, 10_000, 'four agent-action frames');
    const [navigate, script, click, history] = await frames();
    assert.deepEqual([click!.tool, click!.target, click!.outcome], ['click', `ref="${edit}"`, 'ok']);
    assert.equal(navigate!.tool, 'navigate_to_url');
    assert.match(String(navigate!.target), /url="http:\/\/127\.0\.0\.1:\d+\/pagecontrol\.html\?delay=0&again=1"/);
    assert.equal(navigate!.outcome, 'ok');
    // The action log's summary is the answer's first line: ours, without page text.
    assert.match(String(navigate!.summary), /^Navigated; the page reached "load"/);
    assert.equal(script!.tool, 'execute_javascript');
    assert.equal(history!.tool, 'navigate_history');
    assert.equal(history!.outcome, 'error');
    assert.match(String(history!.summary), /no page to go forward to/);
    for (const frame of [navigate!, script!, history!]) {
      assert.equal(typeof frame.timestamp, 'number');
      assert.equal(typeof frame.durationMs, 'number');
    }
    assert.equal(
      (await frames()).filter((frame) => frame.tool === 'list_tabs' || frame.tool === 'wait_for').length,
      0,
      'reading tools are not actions',
    );
    // A client that connects later gets the recent actions at once.
    const late = await TestSocket.open(`ws://127.0.0.1:${rig.connector.port}/ws`);
    await late.next((frame) => frame.type === 'agent-action' && frame.id === history!.id);
    await Promise.all([socket.close(), late.close()]);
  });
});
