import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { refIn } from './support/actRig';
import { agentsRig, openedTab, type TestAgent } from './support/agentsRig';
import { get, post, request } from '../support/http';
import { until } from './support/chromium';

/** What the developer's tab shows and what its handlers saw: must not change while agents work. */
function humanState(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      `${document.body.innerHTML}|${JSON.stringify((window as unknown as { seen: unknown[] }).seen)}|${(document.querySelector('#email') as HTMLInputElement).value}`,
  );
}

describe('many agents, one Chrome: leases, parallel work, scoped capture, lifecycle (real Chromium, MCP SDK clients)', function () {
  this.timeout(120_000);
  const rig = agentsRig();

  /** The active tab of the last focused window, as Chrome reports it. */
  function activeUrl(): Promise<string | undefined> {
    return rig.browser.worker.evaluate(
      async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
    );
  }

  /** One agent's shop flow in its own tab: open, sign in, add to cart. */
  async function shopFlow(agent: TestAgent, marker: string): Promise<void> {
    const opened = await agent.tool('new_tab', { url: `${rig.app.origin}/?${marker}` });
    assert.equal(opened.isError, false, opened.text);
    agent.tabId = openedTab(opened.text);
    const shot = await agent.tool('take_snapshot');
    assert.match(shot.text, new RegExp(`^Snapshot of tab ${agent.tabId},`), shot.text.slice(0, 300));
    assert.match(shot.text, new RegExp(`\\?${marker}\\n`), shot.text.slice(0, 300));
    const fill = await agent.tool('fill', { ref: refIn(shot.text, /textbox "Email"/), value: `${marker}@shop.test` });
    assert.equal(fill.isError, false, fill.text);
    const signIn = await agent.tool('click', { ref: refIn(shot.text, /button "Sign in"/) });
    assert.equal(signIn.isError, false, signIn.text);
    const add = await agent.tool('click', { ref: refIn(shot.text, /button "Add to cart"/) });
    assert.equal(add.isError, false, add.text);
  }

  async function assertOwnPage(marker: string): Promise<void> {
    const page = await rig.pageOf(`?${marker}`);
    assert.equal(await page.locator('#welcome').textContent(), `Welcome, ${marker}@shop.test`);
    assert.equal(await page.locator('#email').inputValue(), `${marker}@shop.test`);
    assert.match((await page.locator('#cart').textContent()) ?? '', /^Cart: 1 ×/);
  }

  for (const count of [2, 4]) {
    it(`${count} agents run the shop flow at once, each in its own tab and tab group; the human's tab stays active and untouched`, async () => {
      const before = await humanState(rig.human);
      const agents = await Promise.all(Array.from({ length: count }, (_, i) => rig.join(`Parallel ${count}-${i}`)));
      await Promise.all(agents.map((agent, i) => shopFlow(agent, `p${count}a${i}`)));
      for (let i = 0; i < count; i++) await assertOwnPage(`p${count}a${i}`);
      assert.equal(await humanState(rig.human), before, "the developer's tab did not change");
      assert.equal(await activeUrl(), `${rig.app.origin}/?human`, "the developer's tab is still the active one");
      const groups = await rig.browser.worker.evaluate(() =>
        chrome.tabGroups.query({}).then((all) => all.map((group) => ({ title: group.title, color: group.color }))),
      );
      for (let i = 0; i < count; i++)
        assert.ok(
          groups.some((group) => group.title === `Parallel ${count}-${i} · 1`),
          `a group for agent ${i}: ${JSON.stringify(groups)}`,
        );
      assert.equal(new Set(groups.map((group) => group.color)).size >= Math.min(count, 4), true);
      await Promise.all(agents.map((agent) => agent.transport.terminateSession()));
    });
  }

  describe('two agents side by side', () => {
    let a: TestAgent;
    let b: TestAgent;
    before(async () => {
      [a, b] = await Promise.all([rig.join('Alpha'), rig.join('Beta')]);
      await Promise.all([shopFlow(a, 'alpha'), shopFlow(b, 'beta')]);
    });

    it("refuses a tab id of the other agent's tab (TAB_LEASED, naming the holder) and changes nothing there", async () => {
      const page = await rig.pageOf('?alpha');
      const before = await page.evaluate(() => document.body.innerHTML);
      const script = await b.tool('execute_javascript', {
        code: 'document.title = "taken"; document.body.textContent = "taken"',
        tabId: a.tabId,
      });
      assert.equal(script.isError, true);
      assert.match(script.text, new RegExp(`Tab ${a.tabId} is leased to another agent, "Alpha · 1": nothing was done`));
      const select = await b.tool('select_tab', { tabId: a.tabId });
      assert.equal(select.isError, true);
      assert.match(select.text, /leased to another agent, "Alpha · 1"/);
      const go = await b.tool('navigate_to_url', { url: `${rig.app.origin}/rows.html`, tabId: a.tabId });
      assert.equal(go.isError, true);
      const mock = await b.tool('mock_network', { url: '*/api/*', action: 'block', tabId: a.tabId });
      assert.equal(mock.isError, true);
      assert.match(mock.text, /leased to another agent/);
      const trace = await b.tool('performance_trace', { reload: true, tabId: a.tabId });
      assert.equal(trace.isError, true);
      assert.match(trace.text, /leased to another agent, "Alpha · 1"/);
      assert.equal(await page.evaluate(() => document.body.innerHTML), before);
      assert.equal(await page.title(), 'Tea shop');
      // B's own refs still go to B's tab, whatever A did.
      const shot = await b.tool('take_snapshot');
      assert.match(shot.text, new RegExp(`^Snapshot of tab ${b.tabId},`));
    });

    it("refuses the developer's tab to an agent while two are connected, until the developer shares it", async () => {
      const before = await humanState(rig.human);
      const c = await rig.join('Gamma');
      const shot = await c.tool('take_snapshot');
      assert.equal(shot.isError, true);
      assert.match(shot.text, /is the developer's, and 3 agents are connected.*new_tab/s);
      const click = await c.tool('click', { ref: 'e1' });
      assert.equal(click.isError, true);
      const replay = await c.tool('replay_recording', { id: 'rec-000000000000' });
      assert.equal(replay.isError, true);
      assert.match(replay.text, /open your own tab with new_tab/);
      assert.equal(await humanState(rig.human), before);
      await c.transport.terminateSession();
    });

    it('lists the agents by name; a tab the developer shares (HTTP, badge "AI") is usable by an agent, until unshared', async () => {
      const port = rig.connector.port;
      const listed = await get(port, '/agents');
      assert.equal(listed.status, 200, listed.text);
      const names = (listed.json.agents as { name: string; tabs: number[] }[]).map((agent) => agent.name);
      assert.ok(names.includes('Alpha · 1') && names.includes('Beta · 1'), names.join(', '));
      const humanTab = await rig.browser.worker.evaluate(
        async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]!.id!,
      );
      const c = await rig.join('Gamma');
      assert.equal((await c.tool('take_snapshot')).isError, true);
      const shared = await post(port, '/agents/share', { tabId: humanTab });
      assert.equal(shared.status, 200, shared.text);
      assert.deepEqual(shared.json.sharedTabs, [humanTab]);
      const badge = await rig.browser.worker.evaluate((tabId) => chrome.action.getBadgeText({ tabId }), humanTab);
      assert.equal(badge, 'AI');
      const shot = await c.tool('take_snapshot');
      assert.equal(shot.isError, false, shot.text);
      assert.match(shot.text, new RegExp(`^Snapshot of tab ${humanTab},`));
      assert.match(shot.text, /\?human\n/);
      const leased = await post(port, '/agents/share', { tabId: a.tabId });
      assert.equal(leased.status, 409);
      assert.match(leased.json.error.message, /"Alpha · 1"'s own tab/);
      const bad = await post(port, '/agents/share', { tab: 1 });
      assert.equal(bad.status, 400);
      await post(port, '/agents/share', { tabId: humanTab, shared: false });
      assert.equal(await rig.browser.worker.evaluate((tabId) => chrome.action.getBadgeText({ tabId }), humanTab), '');
      assert.equal((await c.tool('take_snapshot')).isError, true);
      await c.transport.terminateSession();
    });

    it('the developer stops an agent (DELETE /agents/:id): its tabs close and its next call is refused', async () => {
      const port = rig.connector.port;
      const d = await rig.join('Delta');
      await d.tool('new_tab', { url: `${rig.app.origin}/?delta` });
      const id = (await get(port, '/agents')).json.agents.find(
        (agent: { name: string }) => agent.name === 'Delta · 1',
      ).id;
      const stopped = await request(port, 'DELETE', `/agents/${id}`);
      assert.equal(stopped.status, 200, stopped.text);
      assert.equal(stopped.json.closedTabs.length, 1);
      await until(
        () => !rig.browser.context.pages().some((page) => page.url().includes('?delta')),
        10_000,
        "the stopped agent's tab closed",
      );
      const after = await d.tool('take_snapshot');
      assert.equal(after.isError, true);
      assert.match(after.text, /The developer stopped this agent \("Delta · 1"\)/);
      assert.equal((await request(port, 'DELETE', '/agents/9999')).status, 404);
      await d.transport.terminateSession();
    });

    it('scopes console and network answers to the agent\'s own tabs; scope "all" sees every tab', async () => {
      await a.tool('execute_javascript', { code: 'console.log("marker of alpha")' });
      await b.tool('execute_javascript', { code: 'console.log("marker of beta")' });
      await until(
        async () => /marker of beta/.test((await b.tool('get_console_logs')).text),
        5000,
        'beta sees its log',
      );
      const mine = (await a.tool('get_console_logs', { search: 'marker of' })).text;
      assert.match(mine, /marker of alpha/);
      assert.doesNotMatch(mine, /marker of beta/);
      const all = (await a.tool('get_console_logs', { search: 'marker of', scope: 'all' })).text;
      assert.match(all, /marker of alpha/);
      assert.match(all, /marker of beta/);
      const requests = (await b.tool('get_network_requests')).text;
      assert.doesNotMatch(requests, /\?alpha/);
      assert.match(requests, /\?beta/);
    });

    it("a click the developer makes in their own tab during an agent's action lands, trusted", async () => {
      const cdp = await rig.browser.context.newCDPSession(rig.human);
      const box = (await rig.human.locator('#add').boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const waiting = a.tool('wait_for', { text: 'never shown on this page', timeoutMs: 1500 });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
      const clicks = await rig.human.evaluate(() =>
        (window as unknown as { seen: { kind: string; trusted: boolean; target?: string }[] }).seen.filter(
          (event) => event.kind === 'click',
        ),
      );
      assert.ok(
        clicks.some((event) => event.trusted),
        JSON.stringify(clicks),
      );
      assert.equal((await waiting).isError, true, 'the agent waited out its own timeout meanwhile');
      await cdp.detach();
    });

    it("a tab the developer closes ends the agent's lease, with a clear answer to its next call", async () => {
      const page = await rig.pageOf('?beta');
      await page.close();
      const next = await b.tool('take_snapshot');
      assert.equal(next.isError, true);
      assert.match(next.text, new RegExp(`Your tab ${b.tabId} was closed.*lease on it ended.*new_tab`, 's'));
    });

    it('ending a session (DELETE) closes the tabs it opened and leaves the rest', async () => {
      const tabId = a.tabId!;
      await a.transport.terminateSession();
      await until(
        () =>
          rig.browser.worker.evaluate(
            (id) =>
              chrome.tabs.get(id).then(
                () => false,
                () => true,
              ),
            tabId,
          ),
        10_000,
        "the agent's tab closed",
      );
      assert.equal(await activeUrl(), `${rig.app.origin}/?human`);
      assert.equal(rig.human.isClosed(), false);
    });
  });
});
