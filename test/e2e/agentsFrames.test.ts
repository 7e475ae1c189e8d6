import assert from 'node:assert/strict';
import { refIn } from './support/actRig';
import { agentsRig, openedTab, type TestAgent } from './support/agentsRig';
import { startFramesAct, type FramesActServer } from './support/framesActServer';
import { frameAt, seenIn } from './support/framesActPage';

describe("many agents and many documents: clicks in a nested cross-site frame of an agent's background tab", function () {
  this.timeout(120_000);
  const rig = agentsRig();
  let site: FramesActServer;
  let agent: TestAgent;

  before(async () => {
    site = await startFramesAct();
    agent = await rig.join('Frames');
  });
  after(() => site?.close());

  it('lands every click in the nested frame, trusted, each time the frame around it must scroll first', async () => {
    agent.tabId = openedTab((await agent.tool('new_tab', { url: `${site.origin}/index.html` })).text);
    const page = await rig.pageOf(`${site.origin}/index.html`);
    const cross = await frameAt(page, `${site.crossOrigin}/cross.html`);
    const nested = await frameAt(page, `http://nested.example.test:${site.port}/nested.html`);
    const ref = refIn((await agent.tool('take_snapshot')).text, /button "Nested button"/);
    // Routed by the tab, 4 of the first 5 such clicks went to the cross frame: its scroll was not drawn yet.
    for (let round = 1; round <= 5; round++) {
      await cross.evaluate(() => window.scrollTo(0, 0));
      const click = await agent.tool('click', { ref });
      assert.equal(click.isError, false, click.text);
      assert.equal((await seenIn(nested)).length, round, `round ${round}: the nested frame saw the click`);
    }
    assert.ok((await seenIn(nested)).every((seen) => seen.kind === 'nested' && seen.trusted));
    const active = await rig.browser.worker.evaluate(
      async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
    );
    assert.equal(active, `${rig.app.origin}/?human`, "the developer's tab stayed the active one");
  });
});
