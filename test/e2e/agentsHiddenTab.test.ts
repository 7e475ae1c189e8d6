import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callerHeaders } from '../support/callerSecret';
import { call, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { refIn } from './support/actRig';
import { requireChromium } from './support/chromium';
import { startFramesAct, type FramesActServer } from './support/framesActServer';
import { launchUntouched, type UntouchedChromium } from './support/untouchedChromium';
import { hasXvfb, startXvfb, type VirtualScreen } from './support/xvfb';

type Seen = { kind: string; trusted: boolean };

/**
 * An agent's tab in the background of a user's own Chrome is hidden, and Chrome drops mouse input to a hidden
 * page: before the action session kept it visible while acting, 0 of 12 clicks landed in each case below.
 * Under Playwright a background tab stays visible, so this runs in a headful Chromium nothing else attaches to.
 */
describe("many agents: clicks land in an agent's hidden background tab (headful Chromium, no test client attached)", function () {
  this.timeout(120_000);
  let screen: VirtualScreen;
  let connector: McpTestConnector;
  let site: FramesActServer;
  let chromium: UntouchedChromium;
  let client: Client;

  before(async function () {
    const executable = requireChromium(this);
    if (!hasXvfb()) {
      console.log('  skipped: a headful Chromium needs Xvfb (apt-get install -y xvfb)');
      this.skip();
    }
    [screen, connector, site] = await Promise.all([startXvfb(), startMcpConnector(), startFramesAct()]);
    // The developer's tab: the window's active one, with the agent's tabs behind it.
    chromium = await launchUntouched(executable, screen, connector.port, `${site.origin}/same.html`);
    client = new Client({ name: 'Hidden', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${connector.port}/mcp`), {
        requestInit: { headers: callerHeaders() },
      }),
    );
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    await chromium?.close();
    await Promise.all([screen?.close(), connector?.stop(), site?.close()]);
  });

  async function tool(name: string, args: Record<string, unknown> = {}): Promise<string> {
    const result = await call(client, name, args);
    assert.equal(result.isError === true, false, textOf(result));
    return textOf(result);
  }

  /** A JSON value the page (or the frame whose URL holds `frame`) computes, read through execute_javascript. */
  async function inPage<T>(code: string, frame?: string): Promise<T> {
    const text = await tool('execute_javascript', { code: `JSON.stringify(${code})`, ...(frame ? { frame } : {}) });
    // The last fence holds the value (one before it names the frame that ran it).
    const fenced = [...text.matchAll(/--- page content \S+ [^\n]*---\n([\s\S]*?)\n--- end of page content/g)].at(
      -1,
    )?.[1];
    assert.ok(fenced, text);
    return JSON.parse(JSON.parse(fenced)) as T;
  }

  async function openHidden(path: string): Promise<string> {
    await tool('new_tab', { url: `${site.origin}/${path}` });
    assert.equal(await inPage<string>('document.visibilityState'), 'hidden', 'the background tab is hidden');
    return tool('take_snapshot');
  }

  it('a click on the top page and one in a nested cross-site frame land there, trusted; keys reach a frame', async () => {
    const snapshot = await openHidden('index.html');
    await tool('click', { ref: refIn(snapshot, /button "Top button"/) });
    assert.deepEqual(await inPage<Seen[]>('window.seen'), [{ kind: 'top', trusted: true }]);
    await tool('click', { ref: refIn(snapshot, /button "Nested button"/) });
    assert.deepEqual(await inPage<Seen[]>('window.seen', 'nested.example.test'), [{ kind: 'nested', trusted: true }]);
    await tool('type_text', { ref: refIn(snapshot, /textbox "Cross field"/), text: 'Ada' });
    assert.equal(await inPage<string>("document.getElementById('cross-field').value", 'localhost'), 'Ada');
  });

  it('a button scrolled to where a cross-site frame was drawn takes each click', async () => {
    const ref = refIn(await openHidden('under-frame.html'), /button "Below"/);
    for (let round = 1; round <= 3; round++) {
      await tool('execute_javascript', { code: 'window.scrollTo(0, 0)' });
      await tool('click', { ref });
      assert.equal((await inPage<Seen[]>('window.seen')).length, round, `round ${round}`);
    }
    assert.ok((await inPage<Seen[]>('window.seen')).every((seen) => seen.kind === 'below' && seen.trusted));
  });

  it("the developer's tab stays the active one", async () => {
    const active = await chromium.inWorker(
      'chrome.tabs.query({ active: true }).then((tabs) => tabs.map((tab) => tab.url || tab.pendingUrl))',
    );
    assert.deepEqual(active, [`${site.origin}/same.html`]);
  });
});
