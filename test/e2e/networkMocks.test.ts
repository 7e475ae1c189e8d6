import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { StoredNetworkRequest } from '../../src/shared/protocol';
import { get, request } from '../support/http';
import { actRig } from './support/actRig';
import { until } from './support/chromium';

const BADGE = '#browser-debug-mocks-badge';

/** Clicks "Reload menu" and answers what the page then shows, and how long its fetch took. */
async function reloadMenu(page: Page): Promise<{ text: string; ms: number }> {
  await page.evaluate(() => {
    const menu = document.querySelector('#menu') as HTMLElement;
    menu.textContent = 'loading';
    delete menu.dataset.ms;
  });
  await page.click('#reload-menu');
  await page.waitForFunction(() => (document.querySelector('#menu') as HTMLElement).dataset.ms !== undefined);
  return page.evaluate(() => {
    const menu = document.querySelector('#menu') as HTMLElement;
    return { text: menu.textContent ?? '', ms: Number(menu.dataset.ms) };
  });
}

function badgeLabel(page: Page): Promise<string | null> {
  return page.evaluate((selector) => document.querySelector<HTMLElement>(selector)?.dataset.label ?? null, BADGE);
}

describe('network mocks in real Chromium: respond, fail, block, delay, times, clear, scope, badge', function () {
  this.timeout(90_000);
  const rig = actRig();
  let page: Page;

  const menuFetches = () => rig.app.seen.filter((seen) => seen.path === '/menu.json').length;
  const stored = async (): Promise<StoredNetworkRequest[]> =>
    (await get(rig.connector.port, '/network-requests?search=menu.json&limit=100')).json.requests;

  beforeEach(async () => {
    await rig.tool('clear_network_mocks');
    page = await rig.open('/mocks.html');
    await page.waitForFunction(() => (document.querySelector('#menu') as HTMLElement).dataset.ms !== undefined);
    assert.match((await page.textContent('#menu')) ?? '', /Menu: sencha, assam/);
  });

  it('respond turns the 200 into a 500 the page shows, without reaching the server, and the capture is marked', async () => {
    const before = menuFetches();
    const set = await rig.tool('mock_network', {
      url: '*/menu.json',
      action: 'respond',
      status: 500,
      body: 'the menu service is down',
    });
    assert.equal(set.isError, false, set.text);
    const id = /Rule (mock-\d+) is in force/.exec(set.text)?.[1];
    assert.ok(id, set.text);
    assert.deepEqual(await reloadMenu(page).then((shown) => shown.text), 'Error 500: the menu service is down');
    assert.equal(menuFetches(), before, 'the server never saw the mocked request');
    await until(async () => (await stored()).some((entry) => entry.mocked?.ruleId === id), 5000, 'the marked capture');
    const marked = (await stored()).find((entry) => entry.mocked?.ruleId === id)!;
    assert.equal(marked.status, 500);
    assert.deepEqual(marked.mocked, { ruleId: id, action: 'respond' });
    const list = await rig.tool('get_network_requests', { search: 'menu.json' });
    assert.match(list.text, new RegExp(`GET 500 .*menu\\.json \\(mocked by ${id}`));
    const listed = await rig.tool('list_network_mocks');
    assert.match(listed.text, new RegExp(`${id}: respond 500 \\*/menu\\.json in tab \\d+; hit 1 time`));
  });

  it('fail makes fetch reject with the network error', async () => {
    await rig.tool('mock_network', { url: '*/menu.json', action: 'fail', error: 'ConnectionRefused' });
    assert.equal((await reloadMenu(page)).text, 'Network error: Failed to fetch');
    await until(
      async () => (await stored()).some((entry) => entry.mocked?.action === 'fail'),
      5000,
      'the failed capture',
    );
    const failed = (await stored()).find((entry) => entry.mocked?.action === 'fail')!;
    assert.match(failed.error ?? '', /ERR_CONNECTION_REFUSED/);
  });

  it('takes a URLPattern, and refuses a malformed one with an example', async () => {
    const set = await rig.tool('mock_network', { urlPattern: '/:file.json', action: 'respond', status: 404 });
    assert.equal(set.isError, false, set.text);
    assert.equal((await reloadMenu(page)).text, 'Error 404: ');
    const bad = await rig.tool('mock_network', { urlPattern: '/(', action: 'block' });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /urlPattern '\/\(' is not a URLPattern .*Example: /);
  });

  it('block stops an image (by resource type), and leaves the fetch alone', async () => {
    await rig.tool('mock_network', { url: 'tea.svg', action: 'block', resourceType: 'image' });
    const loaded = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = `tea.svg?again=${Date.now()}`;
        }),
    );
    assert.equal(loaded, false, 'the image did not load');
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/);
    const fetched = await page.evaluate(async () => (await fetch('tea.svg?as-fetch')).status);
    assert.equal(fetched, 200, 'a fetch of the same URL is not an image');
  });

  it('delay holds the request for its time, then the real answer comes', async () => {
    const before = menuFetches();
    await rig.tool('mock_network', { url: '*/menu.json', action: 'delay', delayMs: 800 });
    const shown = await reloadMenu(page);
    assert.match(shown.text, /Menu: sencha, assam/);
    assert.ok(shown.ms >= 780, `took ${shown.ms} ms`);
    assert.equal(menuFetches(), before + 1, 'the server answered it');
  });

  it('times expires the rule: two 503s, then the real answer, and the rule is gone', async () => {
    const set = await rig.tool('mock_network', {
      url: '*/menu.json',
      action: 'respond',
      status: 503,
      body: 'busy',
      times: 2,
    });
    assert.equal(set.isError, false, set.text);
    assert.equal((await reloadMenu(page)).text, 'Error 503: busy');
    assert.equal((await reloadMenu(page)).text, 'Error 503: busy');
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/);
    await until(async () => /No network mocks/.test((await rig.tool('list_network_mocks')).text), 5000, 'rule gone');
    await until(async () => (await badgeLabel(page)) === null, 5000, 'the badge goes');
  });

  it('clearing restores the real answer, and the badge counts the rules and goes with them', async () => {
    const first = await rig.tool('mock_network', { url: '*/menu.json', action: 'respond', status: 500 });
    await rig.tool('mock_network', { url: '*/nothing-else', action: 'block' });
    await until(async () => (await badgeLabel(page)) === 'Browser Debug: 2 network mocks', 5000, 'the badge');
    await page.reload();
    await until(async () => (await badgeLabel(page)) === 'Browser Debug: 2 network mocks', 5000, 'the badge again');
    const id = /Rule (mock-\d+)/.exec(first.text)![1]!;
    const cleared = await rig.tool('clear_network_mocks', { id });
    assert.match(cleared.text, new RegExp(`Cleared ${id}`));
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/);
    await until(async () => (await badgeLabel(page)) === 'Browser Debug: 1 network mock', 5000, 'one left');
    await rig.tool('clear_network_mocks');
    await until(async () => (await badgeLabel(page)) === null, 5000, 'the badge goes');
    const unknown = await rig.tool('clear_network_mocks', { id: 'mock-999' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /No network mock 'mock-999'/);
  });

  it('leaves a tab outside the scope untouched, even when the mocked tab goes there', async () => {
    await rig.tool('mock_network', { url: '*/menu.json', action: 'respond', status: 500 });
    assert.match((await reloadMenu(page)).text, /Error 500/);
    const other = await rig.browser.context.newPage();
    await other.goto(`http://outofscope.test:${rig.app.port}/mocks.html`);
    await other.waitForFunction(() => (document.querySelector('#menu') as HTMLElement).dataset.ms !== undefined);
    assert.match((await reloadMenu(other)).text, /Menu: sencha, assam/, 'another tab');
    await other.bringToFront();
    const refused = await rig.tool('mock_network', { url: '*/menu.json', action: 'block' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /outside Browser Debug's scope/);
    await other.close();
    await page.goto(`http://outofscope.test:${rig.app.port}/mocks.html`);
    await page.waitForFunction(() => (document.querySelector('#menu') as HTMLElement).dataset.ms !== undefined);
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/, 'the mocked tab, now out of scope');
    assert.equal(await badgeLabel(page), null, 'no badge on a page out of scope');
  });

  it('refuses a rule that sets Set-Cookie or Clear-Site-Data, over MCP and HTTP; the page keeps its cookies', async () => {
    await page.evaluate(() => (document.cookie = 'session=real; path=/'));
    for (const name of ['Set-Cookie', 'set-cookie', 'SET-COOKIE2', 'Clear-Site-Data']) {
      const refused = await rig.tool('mock_network', {
        url: '*/menu.json',
        action: 'respond',
        status: 200,
        headers: { [name]: name.startsWith('Clear') ? '"cookies", "storage"' : 'session=planted; path=/' },
      });
      assert.equal(refused.isError, true, refused.text);
      assert.match(
        refused.text,
        new RegExp(`Invalid 'headers\\.${name}': a mock may not set ${name}: .*Fix it and call again`),
      );
      const http = await request(rig.connector.port, 'POST', '/api/v1/network-mocks', {
        body: { url: '*/menu.json', action: 'respond', headers: { [name]: 'x=1' } },
      });
      assert.equal(http.status, 400);
      assert.equal(http.json.error.code, 'INVALID_PARAMETER');
      assert.match(http.json.error.message, /may not set/);
    }
    assert.match((await rig.tool('list_network_mocks')).text, /No network mocks/);
    const allowed = await rig.tool('mock_network', {
      url: '*/menu.json',
      action: 'respond',
      status: 500,
      headers: { 'X-Mocked': 'yes' },
      body: 'other headers pass',
    });
    assert.equal(allowed.isError, false, allowed.text);
    assert.equal((await reloadMenu(page)).text, 'Error 500: other headers pass');
    assert.equal(await page.evaluate(() => document.cookie), 'session=real');
  });

  it('serves the rules over HTTP in both envelopes, with clear errors', async () => {
    const { port } = rig.connector;
    const rule = { url: '*/menu.json', action: 'respond', status: 418, body: 'teapot' };
    const a = await request(port, 'POST', '/network-mocks', { body: rule });
    assert.equal(a.status, 200, a.text);
    assert.match(a.json.mock.id, /^mock-\d+$/);
    assert.equal(a.json.mock.status, 418);
    const b = await request(port, 'POST', '/api/v1/network-mocks', { body: { ...rule, status: 419 } });
    assert.equal(b.json.status, 'success');
    assert.equal(b.json.data.mock.status, 419);
    assert.equal((await reloadMenu(page)).text, 'Error 419: teapot', 'the newest rule wins');
    const listA = await get(port, '/network-mocks');
    assert.deepEqual(
      listA.json.mocks.map((mock: { id: string }) => mock.id),
      [a.json.mock.id, b.json.data.mock.id],
    );
    const listB = await get(port, '/api/network-mocks');
    assert.equal(listB.json.data.mocks.length, 2);
    const bad = await request(port, 'POST', '/network-mocks', { body: { url: '*', action: 'delay' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'INVALID_PARAMETER');
    assert.match(bad.json.error.message, /delay needs delayMs/);
    const badB = await request(port, 'POST', '/api/v1/network-mocks', { body: { url: '*', action: 'explode' } });
    assert.equal(badB.status, 400);
    assert.equal(badB.json.status, 'error');
    const missing = await request(port, 'DELETE', '/network-mocks/mock-999');
    assert.equal(missing.status, 404);
    const one = await request(port, 'DELETE', `/api/v1/network-mocks/${a.json.mock.id}`);
    assert.deepEqual(one.json.data, { cleared: [a.json.mock.id] });
    const all = await request(port, 'DELETE', '/network-mocks');
    assert.deepEqual(all.json, { cleared: [b.json.data.mock.id] });
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/);
  });
});

describe('network mocks end by themselves: after the idle time, and when the connector stops', function () {
  this.timeout(60_000);
  const rig = actRig({ networkMocks: { idleMs: 1500 } });
  let page: Page;

  it('ends the rules after the idle time', async () => {
    page = await rig.open('/mocks.html');
    await rig.tool('mock_network', { url: '*/menu.json', action: 'respond', status: 500 });
    assert.match((await reloadMenu(page)).text, /Error 500/);
    await until(async () => (await badgeLabel(page)) === null, 10_000, 'the idle end');
    assert.match((await rig.tool('list_network_mocks')).text, /No network mocks/);
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/);
  });

  it('ends the rules when the connector stops', async () => {
    await rig.tool('mock_network', { url: '*/menu.json', action: 'respond', status: 500 });
    assert.match((await reloadMenu(page)).text, /Error 500/);
    await rig.client.close();
    await rig.connector.stop();
    await until(async () => (await badgeLabel(page)) === null, 10_000, 'the badge goes');
    assert.match((await reloadMenu(page)).text, /Menu: sencha, assam/);
  });
});
