import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { get } from '../support/http';
import { agentsRig, openedTab } from './support/agentsRig';
import { until } from './support/chromium';

describe('many agents: the popup\'s "Share this tab" button shares the developer\'s tab (real Chromium, MCP SDK clients)', function () {
  this.timeout(120_000);
  const rig = agentsRig();

  const badge = (tabId: number) =>
    rig.browser.worker.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);

  /** The popup page, in a tab of its own, showing the developer's tab (brought back to the front). */
  async function popupOnHumanTab(): Promise<Page> {
    const popup = await rig.browser.context.newPage();
    await popup.goto(`chrome-extension://${new URL(rig.browser.worker.url()).host}/popup.html`);
    await rig.human.bringToFront();
    await until(
      async () =>
        /\?human$/.test(String(await popup.locator('#tab').textContent())) &&
        (await popup.locator('#share').isVisible()),
      10_000,
      "the popup shows the developer's tab and its share button",
    );
    return popup;
  }

  it('a second agent is refused the tab until the developer shares it from the popup; then it acts there; Stop sharing ends it', async () => {
    const [a, b] = await Promise.all([rig.join('Alpha'), rig.join('Beta')]);
    a.tabId = openedTab((await a.tool('new_tab', { url: `${rig.app.origin}/?alpha` })).text);
    const humanTab = await rig.browser.worker.evaluate(
      async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]!.id!,
    );
    const refused = await b.tool('take_snapshot');
    assert.equal(refused.isError, true);
    assert.match(refused.text, /is the developer's, and 2 agents are connected/);

    const popup = await popupOnHumanTab();
    assert.equal(await popup.locator('#share').textContent(), 'Share this tab with agents');
    await popup.locator('#share').click();
    await until(
      async () => (await popup.locator('#shareResult').textContent()) === 'Shared: agents may act in this tab.',
      10_000,
      'the popup says the tab is shared',
    );
    // The badge is painted by the browser's worker when the connector's share-tab command reaches it.
    await until(async () => (await badge(humanTab)) === 'AI', 5000, 'the shared badge');
    assert.deepEqual((await get(rig.connector.port, '/agents')).json.sharedTabs, [humanTab]);
    await until(
      async () => (await popup.locator('#share').textContent()) === 'Stop sharing this tab with agents',
      5000,
      'the button offers to stop sharing',
    );

    const shot = await b.tool('take_snapshot');
    assert.equal(shot.isError, false, shot.text);
    assert.match(shot.text, new RegExp(`^Snapshot of tab ${humanTab},`));
    const ran = await b.tool('execute_javascript', {
      code: 'document.querySelector("#email").value = "beta@shop.test"',
    });
    assert.equal(ran.isError, false, ran.text);
    assert.equal(await rig.human.locator('#email').inputValue(), 'beta@shop.test');

    await popup.locator('#share').click();
    await until(
      async () => (await popup.locator('#shareResult').textContent()) === 'No longer shared with agents.',
      10_000,
      'the popup says the tab is no longer shared',
    );
    // Beta's last action may still be ending (its blue AI badge) when the tab stops being shared.
    await until(async () => (await badge(humanTab)) === '', 5000, 'the badge cleared');
    assert.equal((await b.tool('take_snapshot')).isError, true);
    await popup.close();
  });

  it("refuses, with the connector's reason, to share a tab an agent holds", async () => {
    const [c] = await Promise.all([rig.join('Gamma')]);
    const tabId = openedTab((await c.tool('new_tab', { url: `${rig.app.origin}/?gamma` })).text);
    const popup = await rig.browser.context.newPage();
    await popup.goto(`chrome-extension://${new URL(rig.browser.worker.url()).host}/popup.html`);
    const agentPage = await rig.pageOf('?gamma');
    await agentPage.bringToFront();
    await until(
      async () => /\?gamma$/.test(String(await popup.locator('#tab').textContent())),
      10_000,
      "the popup shows the agent's tab",
    );
    await popup.locator('#share').click();
    await until(
      async () =>
        /^Failed: Tab \d+ is "Gamma · 1"'s own tab/.test(String(await popup.locator('#shareResult').textContent())),
      10_000,
      'the popup shows why',
    );
    assert.equal(await badge(tabId), '');
    await popup.close();
    await rig.human.bringToFront();
  });
});
