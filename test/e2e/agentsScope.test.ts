import assert from 'node:assert/strict';
import type { PageLoadVitals } from '../../src/shared/performance';
import { get } from '../support/http';
import { agentsRig, openedTab, type TestAgent } from './support/agentsRig';
import { until } from './support/chromium';
import { startEchoSocketServer, type EchoSocketServer } from './support/echoSocketServer';

/** A page script: open a socket, send one text frame, wait for its echo, close. */
const TALK = `await (async () => {
  const socket = new WebSocket(URL_HERE);
  await new Promise((resolve) => (socket.onopen = resolve));
  const echoed = new Promise((resolve) => (socket.onmessage = (event) => resolve(event.data)));
  socket.send(TEXT_HERE);
  const reply = await echoed;
  socket.close(4000, 'done');
  return reply;
})()`;

describe("many agents: WebSocket and Web Vitals answers cover the agent's own tabs (real Chromium, MCP SDK clients)", function () {
  this.timeout(120_000);
  const rig = agentsRig();
  let echo: EchoSocketServer;
  let a: TestAgent;
  let b: TestAgent;
  before(async () => {
    echo = await startEchoSocketServer();
    [a, b] = await Promise.all([rig.join('Alpha'), rig.join('Beta')]);
    for (const [agent, marker] of [
      [a, 'alpha'],
      [b, 'beta'],
    ] as const) {
      const opened = await agent.tool('new_tab', { url: `${rig.app.origin}/?${marker}` });
      assert.equal(opened.isError, false, opened.text);
      agent.tabId = openedTab(opened.text);
    }
  });
  after(() => echo?.close());

  async function talk(agent: TestAgent, text: string): Promise<void> {
    const code = TALK.replace('URL_HERE', JSON.stringify(`${echo.url}?${text}`)).replace(
      'TEXT_HERE',
      JSON.stringify(text),
    );
    const ran = await agent.tool('execute_javascript', { code });
    assert.equal(ran.isError, false, ran.text);
    assert.match(ran.text, new RegExp(text));
  }

  it('get_websocket_frames shows each agent only the frames of its own tab; scope "all" shows both', async () => {
    await Promise.all([talk(a, 'hello-from-alpha'), talk(b, 'hello-from-beta')]);
    // Each tab's frames reach the store in their own batches: wait for both sides' echoes.
    await until(
      async () => {
        const all = (await a.tool('get_websocket_frames', { scope: 'all' })).text;
        return ['alpha', 'beta'].every((who) => new RegExp(`↓ received text \\d+ B "hello-from-${who}"`).test(all));
      },
      10_000,
      "both agents' frames reached the store",
    );
    const mine = (await a.tool('get_websocket_frames')).text;
    assert.match(mine, /↑ sent text \d+ B "hello-from-alpha"/);
    assert.match(mine, /↓ received text \d+ B "hello-from-alpha"/);
    assert.doesNotMatch(mine, /hello-from-beta/);
    assert.match(mine, new RegExp(`your tabs ${a.tabId} \\(scope "all" for every tab\\)`));
    const theirs = (await b.tool('get_websocket_frames')).text;
    assert.match(theirs, /hello-from-beta/);
    assert.doesNotMatch(theirs, /hello-from-alpha/);
    const all = (await b.tool('get_websocket_frames', { scope: 'all' })).text;
    assert.match(all, /hello-from-alpha/);
    assert.match(all, /hello-from-beta/);
  });

  it("get_current_page shows each agent its own tab's page load and Web Vitals, never the other's", async () => {
    const vitalsOf = async (tabId: number): Promise<PageLoadVitals | undefined> =>
      ((await get(rig.connector.port, '/web-vitals?limit=100')).json.pageLoads as PageLoadVitals[])
        .filter((load) => load.tabId === tabId && load.metrics.TTFB)
        .at(-1);
    await until(
      async () => !!(await vitalsOf(a.tabId!)) && !!(await vitalsOf(b.tabId!)),
      15_000,
      'both background tabs reported TTFB',
    );
    const own = { a: (await vitalsOf(a.tabId!))!.pageLoadId, b: (await vitalsOf(b.tabId!))!.pageLoadId };
    assert.notEqual(own.a, own.b);
    // The developer's tab reports last, so the connector's "current page" is neither agent's.
    await rig.human.reload();
    for (const [agent, marker, mine, other] of [
      [a, 'alpha', own.a, own.b],
      [b, 'beta', own.b, own.a],
    ] as const) {
      const answer = (await agent.tool('get_current_page')).text;
      assert.match(answer, new RegExp(`\\?${marker} \\(tab ${agent.tabId}\\)`), answer);
      assert.match(answer, new RegExp(`page load ${mine}`), answer);
      assert.match(answer, /Web Vitals of this page load:[\s\S]*TTFB/, answer);
      assert.doesNotMatch(answer, new RegExp(other));
      assert.doesNotMatch(answer, /\?human/);
    }
  });
});
