/**
 * The toolbar badge per tab: AI on the tab an assistant acts in, REC on the tab being recorded, and the
 * link's state (nothing while connected) on every other tab. Read from the extension's service worker
 * with `chrome.action.getBadgeText({tabId})`, while real MCP tool calls run.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { actRig } from './support/actRig';
import { until } from './support/chromium';
import { post } from '../support/http';

const UNTIL_RELEASED = `await new Promise((resolve) => {
  const released = () => document.getElementById('release') && resolve();
  if (!released()) new MutationObserver(released).observe(document, { childList: true, subtree: true });
}); 'released'`;

describe('browser extension: the toolbar badge’s AI and REC states, per tab (real Chromium, MCP)', function () {
  this.timeout(90_000);
  const rig = actRig();
  let acted: Page;
  let other: Page;
  let actedTab: number;
  let otherTab: number;

  const badge = (tabId: number) =>
    rig.browser.worker.evaluate(
      async (id) => ({
        text: await chrome.action.getBadgeText({ tabId: id }),
        title: await chrome.action.getTitle({ tabId: id }),
      }),
      tabId,
    );
  const tabIdOf = (url: string) =>
    rig.browser.worker.evaluate(async (wanted) => (await chrome.tabs.query({ url: wanted }))[0]?.id ?? -1, url);

  before(async () => {
    acted = await rig.open('/pagecontrol.html');
    other = await rig.browser.context.newPage();
    await other.goto(`${rig.app.origin}/index.html`);
    await acted.bringToFront();
    actedTab = await tabIdOf(acted.url());
    otherTab = await tabIdOf(other.url());
    assert.ok(actedTab > 0 && otherTab > 0);
  });

  it('AI on the tab while an assistant’s action runs there, not on the other tab; gone when it ends', async () => {
    // A script that runs until the page shows #release: the action is in progress for as long as the test wants.
    const running = rig.tool('execute_javascript', { code: UNTIL_RELEASED });
    await until(async () => (await badge(actedTab)).text === 'AI', 10_000, 'the AI badge');
    assert.match((await badge(actedTab)).title, /an assistant is acting in this tab/);
    assert.equal((await badge(otherTab)).text, '', 'the other tab shows the link: connected');
    await acted.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { id: 'release' })));
    const answer = await running;
    assert.equal(answer.isError, false, answer.text);
    await until(async () => (await badge(actedTab)).text === '', 10_000, 'the AI badge to go');
    assert.equal((await badge(actedTab)).title, 'Browser Debug: connected');
  });

  it('REC on the recorded tab from start_recording to stop_recording, not on the other tab', async () => {
    const started = await rig.tool('start_recording', { title: 'badge' });
    assert.equal(started.isError, false, started.text);
    await until(async () => (await badge(actedTab)).text === 'REC', 10_000, 'the REC badge');
    assert.match((await badge(actedTab)).title, /recording this tab/);
    assert.equal((await badge(otherTab)).text, '');
    const id = /with id "([^"]+)"/.exec(started.text)?.[1];
    assert.ok(id, started.text);
    const stopped = await rig.tool('stop_recording', { id });
    assert.equal(stopped.isError, false, stopped.text);
    await until(async () => (await badge(actedTab)).text === '', 10_000, 'the REC badge to go');
  });

  it('AI (purple) on a tab shared with agents: it stays through another tab’s action, and goes when unshared', async () => {
    const share = (shared: boolean) => post(rig.connector.port, '/agents/share', { tabId: otherTab, shared });
    assert.equal((await share(true)).status, 200);
    assert.deepEqual(await badge(otherTab), { text: 'AI', title: 'Browser Debug: shared with agents' });
    await acted.evaluate(() => document.getElementById('release')?.remove());
    const running = rig.tool('execute_javascript', { code: UNTIL_RELEASED });
    await until(async () => (await badge(actedTab)).text === 'AI', 10_000, 'the acting badge');
    await acted.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { id: 'release' })));
    assert.equal((await running).isError, false);
    await until(async () => (await badge(actedTab)).text === '', 10_000, 'the acting badge to go');
    assert.equal((await badge(otherTab)).text, 'AI', 'the shared tab keeps its badge');
    assert.equal((await share(false)).status, 200);
    assert.deepEqual(await badge(otherTab), { text: '', title: 'Browser Debug: connected' });
  });
});
