import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { refIn } from './support/actRig';
import { agentsRig, openedTab, type TestAgent } from './support/agentsRig';
import { until } from './support/chromium';

type Seen = { kind: string; trusted: boolean; target?: string; data?: string };
const seen = (page: Page, kind: string): Promise<Seen[]> =>
  page.evaluate(
    (wanted) => (window as unknown as { seen: Seen[] }).seen.filter((event) => event.kind === wanted),
    kind,
  );

describe("many agents: hover and drag in an agent's background tab (real Chromium, MCP SDK clients)", function () {
  this.timeout(120_000);
  const rig = agentsRig();
  let agent: TestAgent;
  let page: Page;
  let snapshot: string;

  before(async () => {
    agent = await rig.join('Pointer');
    agent.tabId = openedTab((await agent.tool('new_tab', { url: `${rig.app.origin}/?pointer` })).text);
    page = await rig.pageOf('?pointer');
    snapshot = (await agent.tool('take_snapshot')).text;
  });

  /** The tab stays in the background: the developer's tab is still the active one. */
  async function assertHumanActive(): Promise<void> {
    const active = await rig.browser.worker.evaluate(
      async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
    );
    assert.equal(active, `${rig.app.origin}/?human`);
  }

  it('hover: mouseenter fires once, trusted; :hover applies; the answer shows the tooltip', async () => {
    const started = Date.now();
    const hover = await agent.tool('hover', { ref: refIn(snapshot, /button "Help"/) });
    console.log(`      hover in a background tab: ${Date.now() - started} ms`);
    assert.equal(hover.isError, false, hover.text);
    assert.deepEqual(
      (await seen(page, 'mouseenter')).map((event) => event.trusted),
      [true],
    );
    assert.equal(await page.evaluate(() => document.querySelector('#help')!.matches(':hover')), true);
    assert.equal(await page.textContent('#hover-state'), 'hovered');
    assert.match(hover.text, /\+ e\d+ tooltip "Ask us anything"/);
    await assertHumanActive();
  });

  it('drag: HTML5 drag and drop starts on the card and drops in the basket, trusted, in order', async () => {
    const started = Date.now();
    const drag = await agent.tool('drag', { fromRef: refIn(snapshot, /"Card"/), toRef: refIn(snapshot, /"Basket"/) });
    console.log(`      drag in a background tab: ${Date.now() - started} ms`);
    assert.equal(drag.isError, false, drag.text);
    await until(async () => (await page.textContent('#drop-state')) === 'dropped in basket', 5000, 'the drop');
    const order = (await page.evaluate(() => (window as unknown as { seen: Seen[] }).seen))
      .map((event) => event.kind)
      .filter((kind) => kind === 'dragstart' || kind === 'drop');
    assert.deepEqual(order, ['dragstart', 'drop']);
    assert.deepEqual(
      (await seen(page, 'drop')).map((event) => [event.trusted, event.data]),
      [[true, 'card']],
    );
    await assertHumanActive();
  });

  it("a hover's settle wait checks the quiet page in two CDP round trips (each passes Chrome's UI thread)", async () => {
    // Counts the worker's chrome.debugger calls during one hover, by method; the settle wait's as 'settle'.
    await rig.browser.worker.evaluate(() => {
      const original = chrome.debugger.sendCommand.bind(chrome.debugger);
      const counts: Record<string, number> = {};
      Object.assign(globalThis, { cdpCounts: counts, cdpOriginal: original });
      chrome.debugger.sendCommand = ((target: chrome.debugger.Debuggee, method: string, params?: object) => {
        const expression = String((params as { expression?: unknown } | undefined)?.expression ?? '');
        const key = expression.includes('browser-debug.domWatch') ? 'settle' : method;
        counts[key] = (counts[key] ?? 0) + 1;
        return original(target, method, params);
      }) as typeof chrome.debugger.sendCommand;
    });
    const hover = await agent.tool('hover', { ref: refIn(snapshot, /button "Track order"/) });
    const counts = await rig.browser.worker.evaluate(() => {
      const { cdpCounts, cdpOriginal } = globalThis as unknown as {
        cdpCounts: Record<string, number>;
        cdpOriginal: typeof chrome.debugger.sendCommand;
      };
      chrome.debugger.sendCommand = cdpOriginal;
      return cdpCounts;
    });
    assert.equal(hover.isError, false, hover.text);
    console.log(`      CDP round trips in one hover: ${JSON.stringify(counts)}`);
    assert.equal(counts.settle, 2, JSON.stringify(counts));
    await assertHumanActive();
  });
});
