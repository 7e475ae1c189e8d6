import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectFakeBrowser, consoleLog, networkRequest } from '../../support/connector';
import {
  call,
  feed,
  inMemoryClient,
  scriptedBrowser,
  startMcpConnector,
  textOf,
  unfenced,
  type McpTestConnector,
} from '../../support/mcp';

const TABS = {
  tabs: [
    {
      id: 11,
      url: 'http://localhost:5173/cart',
      title: 'Shop – cart',
      active: true,
      windowId: 1,
      inScope: true,
      locked: false,
    },
    { id: 12, url: 'https://bank.example/', title: 'Bank', active: false, windowId: 1, inScope: false, locked: false },
  ],
};

function fail(code: string, message: string): never {
  throw { code, message };
}

describe('MCP page and command tools', () => {
  let t: McpTestConnector;
  let client: Client;
  beforeEach(async () => {
    t = await startMcpConnector({ commandTimeoutMs: 300 });
    client = await inMemoryClient(t.connector);
  });
  afterEach(async () => {
    await client.close();
    await t.stop();
  });

  describe('with no browser connected', () => {
    for (const [name, args] of [
      ['execute_javascript', { code: '1+1' }],
      ['navigate_to_url', { url: 'http://localhost:5173/' }],
      ['list_tabs', {}],
      ['get_current_page', {}],
      ['screenshot_capture', {}],
      ['takeScreenshot', {}],
    ] as const) {
      it(`${name} says how to install and connect the browser extension`, async () => {
        const result = await call(client, name, args);
        assert.equal(result.isError, true);
        assert.match(
          textOf(result),
          /No browser is connected\. Install the Browser Debug extension in Chrome \(chrome:\/\/extensions → Load unpacked/,
        );
        assert.match(textOf(result), /Then call this tool again\./);
      });
    }
  });

  it('execute_javascript sends the code, returnResult and tabId, and shows the value as JSON', async () => {
    const browser = await scriptedBrowser(t.port, {
      commands: {
        'run-script': (args) =>
          args.code === 'document.title'
            ? { type: 'string', value: 'Shop', via: 'userScripts' }
            : { type: 'object', value: { items: [1, 2], total: 3 }, via: 'debugger' },
      },
    });
    assert.equal(
      unfenced(textOf(await call(client, 'execute_javascript', { code: 'document.title' }))),
      'Result (string):\n"Shop"',
    );
    assert.equal(
      unfenced(textOf(await call(client, 'execute_javascript', { code: 'cart()', tabId: 11 }))),
      'Result (object):\n{"items":[1,2],"total":3}',
    );
    assert.deepEqual(
      browser.received.map((frame) => frame.args),
      [
        { code: 'document.title', returnResult: true },
        { code: 'cart()', returnResult: true, tabId: 11 },
      ],
    );
    assert.equal(
      textOf(await call(client, 'execute_javascript', { code: 'go()', returnResult: false })),
      'The script ran.',
    );
    assert.deepEqual(browser.received.at(-1)!.args, { code: 'go()', returnResult: false });
    await browser.close();
  });

  it('execute_javascript cuts a huge value to the budget with a marker', async () => {
    const browser = await scriptedBrowser(t.port, {
      commands: { 'run-script': () => ({ type: 'string', value: 'v'.repeat(100_000), via: 'debugger' }) },
    });
    const text = textOf(await call(client, 'execute_javascript', { code: 'big' }));
    assert.ok(text.length <= 20_000);
    assert.match(
      text,
      /…\[truncated \d+ chars\]\n--- end of page content [0-9a-f]{8} ---$/,
      'the cut keeps the fence closed',
    );
    await browser.close();
  });

  it('execute_javascript reports a thrown exception, a tab out of scope and a timeout with next steps', async () => {
    let mode = 'throw';
    const browser = await scriptedBrowser(t.port, {
      commands: {
        'run-script': () => {
          if (mode === 'throw') fail('SCRIPT_ERROR', 'ReferenceError: cart is not defined\n    at <anonymous>:1:1');
          if (mode === 'scope') fail('OUT_OF_SCOPE', 'https://bank.example is not in scope.');
          return undefined;
        },
      },
    });
    const threw = await call(client, 'execute_javascript', { code: 'cart()' });
    assert.equal(threw.isError, true);
    assert.match(
      unfenced(textOf(threw)),
      /^The script threw:\nReferenceError: cart is not defined\n {4}at <anonymous>:1:1\nFix the code and run it again/,
    );
    mode = 'scope';
    const scope = await call(client, 'execute_javascript', { code: '1' });
    assert.match(textOf(scope), /https:\/\/bank\.example is not in scope\.\nUse a tab on a page in scope/);
    mode = 'silent';
    browser.ws.removeAllListeners('message'); // the browser stops answering
    const timedOut = await call(client, 'execute_javascript', { code: '1' });
    assert.equal(timedOut.isError, true);
    assert.match(textOf(timedOut), /did not answer within 300 ms.*\nCall list_tabs/s);
    await browser.close();
  });

  it('navigate_to_url sends url, waitUntil (default load) and tabId, and names the page it reached', async () => {
    const browser = await scriptedBrowser(t.port, {
      commands: {
        navigate: (args) =>
          String(args.url).includes('nowhere')
            ? fail('NAVIGATION_FAILED', 'Navigation failed: net::ERR_NAME_NOT_RESOLVED.')
            : { tabId: (args.tabId as number) ?? 11, url: args.url, title: 'Settings', waitUntil: args.waitUntil },
      },
    });
    const text = textOf(await call(client, 'navigate_to_url', { url: 'http://localhost:5173/settings' }));
    assert.match(
      unfenced(text),
      /^Navigated; the page reached "load":\n"Settings" http:\/\/localhost:5173\/settings \(tab 11\)$/,
    );
    await call(client, 'navigate_to_url', { url: 'http://localhost:5173/', waitUntil: 'domcontentloaded', tabId: 12 });
    assert.deepEqual(
      browser.received.map((frame) => frame.args),
      [
        { url: 'http://localhost:5173/settings', waitUntil: 'load' },
        { url: 'http://localhost:5173/', waitUntil: 'domcontentloaded', tabId: 12 },
      ],
    );
    const failed = await call(client, 'navigate_to_url', { url: 'http://nowhere.invalid/' });
    assert.equal(failed.isError, true);
    assert.match(textOf(failed), /net::ERR_NAME_NOT_RESOLVED/);
    const bad = await call(client, 'navigate_to_url', { url: 'not a url' });
    assert.match(textOf(bad), /Invalid arguments for navigate_to_url: 'url'/);
    await browser.close();
  });

  it('list_tabs shows ids, titles, URLs and which tab is active or out of scope', async () => {
    const browser = await scriptedBrowser(t.port, { commands: { tabs: () => TABS } });
    assert.equal(
      unfenced(textOf(await call(client, 'list_tabs'))),
      [
        '2 tabs (pass tabId to the command tools to pick one):',
        'tab 11 [active] "Shop – cart" http://localhost:5173/cart',
        'tab 12 [out of scope] "Bank" https://bank.example/',
      ].join('\n'),
    );
    await browser.close();
    const empty = await scriptedBrowser(t.port, { commands: { tabs: () => ({ tabs: [] }) } });
    assert.match(textOf(await call(client, 'list_tabs')), /no tabs the extension can reach/);
    await empty.close();
  });

  it('get_current_page asks the browser, and adds what this page load produced', async () => {
    const browser = await scriptedBrowser(t.port, {
      commands: { 'current-url': () => ({ tabId: 11, url: 'http://localhost:5173/cart', title: 'Shop – cart' }) },
    });
    await feed(t.connector, browser, [
      { type: 'page-navigated', url: 'http://localhost:5173/', tabId: 11, pageLoadId: 'load-1', timestamp: Date.now() },
      consoleLog('old page error', { level: 'error', tabId: 11 }),
      {
        type: 'page-navigated',
        url: 'http://localhost:5173/cart',
        title: 'Shop – cart',
        tabId: 11,
        pageLoadId: 'load-2',
        timestamp: Date.now(),
      },
      consoleLog('boom', { level: 'error', tabId: 11 }),
      consoleLog('hmm', { level: 'warn', tabId: 11 }),
      networkRequest('http://localhost:5173/api/cart', 500, { tabId: 11 }),
      networkRequest('http://localhost:5173/api/user', 200, { tabId: 11 }),
    ]);
    const text = textOf(await call(client, 'get_current_page'));
    assert.match(unfenced(text), /^Current page:\n"Shop – cart" http:\/\/localhost:5173\/cart \(tab 11\)\n/);
    assert.match(
      text,
      /page load load-2\.\nThis page load so far: 1 console error, 1 warning, 1 failed request of 2 requests\./,
    );
    await browser.close();
    const stored = textOf(await call(client, 'get_current_page'));
    assert.match(
      unfenced(stored),
      /^Current page: No browser is connected now: this is the last page one reported\.\n"Shop – cart" http:\/\/localhost:5173\/cart \(tab 11\)\n/,
    );
  });

  it('get_current_page falls back to the last reported page when the browser does not answer', async () => {
    const browser = await connectFakeBrowser(t.port);
    await feed(t.connector, browser, [
      { type: 'current-url', url: 'http://localhost:5173/a', tabId: 3, timestamp: Date.now() },
    ]);
    const text = textOf(await call(client, 'get_current_page'));
    assert.match(
      unfenced(text),
      /^Current page: The browser did not answer \(.*300 ms.*\), so this is the last page it reported\.\nhttp:\/\/localhost:5173\/a \(tab 3\)\n/,
    );
    await browser.close();
  });

  it('get_selected_element says how to select one, then describes the selection', async () => {
    assert.match(
      textOf(await call(client, 'get_selected_element')),
      /^No element selected yet\. In Chrome DevTools, open the Elements panel/,
    );
    const browser = await connectFakeBrowser(t.port);
    const element = {
      tagName: 'BUTTON',
      id: 'pay',
      className: 'btn primary',
      attributes: { type: 'submit', 'data-test': 'pay' },
      dimensions: { width: 120.4, height: 32, top: 400, left: 16 },
      innerHTML: '<span>Pay now</span>',
      textContent: ' Pay now ',
      selector: '#pay',
    };
    await feed(t.connector, browser, [
      {
        type: 'selected-element',
        element,
        url: 'http://localhost:5173/cart',
        timestamp: Date.parse('2026-11-22T12:00:00Z'),
      },
    ]);
    assert.equal(
      unfenced(textOf(await call(client, 'get_selected_element'))),
      [
        'Selected element, selected at 12:00:00.000 UTC:',
        'Element <button id="pay" class="btn primary"> on http://localhost:5173/cart',
        'Selector: #pay',
        'Box: 120×32 px at left 16, top 400',
        'Attributes: type="submit" data-test="pay"',
        'Text: Pay now',
        'Inner HTML:',
        '<span>Pay now</span>',
      ].join('\n'),
    );
    await browser.close();
  });

  it('clear_logs empties the store, says what it removed, and ids keep counting', async () => {
    const browser = await connectFakeBrowser(t.port);
    await feed(t.connector, browser, [
      consoleLog('a'),
      consoleLog('b', { level: 'error' }),
      networkRequest('http://localhost/x', 404),
    ]);
    await call(client, 'get_console_logs'); // settle the digest
    const text = textOf(await call(client, 'clear_logs'));
    assert.match(
      text,
      /^Cleared 2 console entries, 1 network request, 0 selected elements and 0 page records\. Screenshot files on disk stay\./,
    );
    assert.match(textOf(await call(client, 'get_console_logs')), /^Console: none match; 0 stored\./);
    await feed(t.connector, browser, [consoleLog('after')]);
    assert.match(textOf(await call(client, 'get_console_logs')), /\n#4 /);
    await browser.close();
  });
});
