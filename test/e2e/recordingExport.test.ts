import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { parse } from '@puppeteer/replay';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { get, post } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { makeProject, run } from './support/exportProject';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { PASSWORD } from './support/recordingRig';
import { recorderOpening, startShopServer, type ShopServer } from './support/shopServer';

describe('export_recording: a verified recording as a Playwright, Puppeteer or Cypress test', function () {
  this.timeout(300_000);
  let connector: McpTestConnector;
  let browser: TestBrowser;
  let shop: ShopServer;
  let page: Page;
  let mcp: Client;
  let recordingsDir: string;
  let project: string;
  let executable: string;
  let recordingId = '';
  /** The shop under another host name than recorded: the tests must follow BASE_URL. */
  let baseURL = '';

  before(async function () {
    executable = requireChromium(this);
    recordingsDir = mkdtempSync(join(tmpdir(), 'bd-export-recordings-'));
    project = makeProject(executable);
    [connector, shop] = await Promise.all([
      startMcpConnector({ recordings: { dir: recordingsDir, exportRoots: [project] } }),
      startShopServer(),
    ]);
    baseURL = shop.origin.replace('127.0.0.1', 'localhost');
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, connector.port);
    page = await browser.context.newPage();
    mcp = (await httpClient(connector.port)).client;
  });

  after(async () => {
    await mcp?.close();
    await browser?.close();
    await Promise.all([connector?.stop(), shop?.close()]);
    rmSync(recordingsDir, { recursive: true, force: true });
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('records the shop bug (sign in, add, checkout answers 500) and verifies a fix by replay', async () => {
    await page.goto(`${shop.origin}/`);
    const started = await post(connector.port, '/recordings', { title: 'quantity 0 breaks the cart' });
    recordingId = started.json.id;
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the Recording badge',
    );
    await page.fill('#user', 'alice');
    await page.fill('#password', PASSWORD);
    await page.click('button:has-text("Sign in")');
    await page.waitForSelector('#qty');
    await page.fill('#qty', '0');
    await page.keyboard.press('Enter');
    const store = connector.connector.services.store;
    await until(
      () =>
        store.query(['consoleErrors'], (entry) => entry.message.includes('Order failed'), 1).matched > 0 &&
        store.query(['networkErrors'], (entry) => entry.url.endsWith('/api/order'), 1).matched > 0,
      10_000,
      'the order error and its 500',
    );
    const stopped = await post(connector.port, `/recordings/${recordingId}/stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.json));

    const buggy = await post(connector.port, `/recordings/${recordingId}/replay`, {});
    assert.equal(buggy.json.verdict, 'reproduced', buggy.json.summary);
    shop.fixed = true;
    const fixed = await post(connector.port, `/recordings/${recordingId}/replay`, {});
    assert.equal(fixed.json.verdict, 'not reproduced', fixed.json.summary);
    shop.fixed = false;
  });

  it('exports Playwright into the testDir: npx playwright test fails on the bug and passes on the fix', async () => {
    const answer = await call(mcp, 'export_recording', { id: recordingId, format: 'playwright', path: 'e2e/specs/' });
    const text = textOf(answer);
    assert.ok(!answer.isError, text);
    const path = /Wrote (.*\.spec\.ts)\./.exec(text)?.[1];
    assert.equal(path, join(project, 'e2e/specs/quantity-0-breaks-the-cart.spec.ts'), text);
    assert.match(text, /POST \/api\/order answers below 400 \(it answered 500 in the bug\)/);
    assert.match(text, /Reads secrets from env: BROWSER_DEBUG_SECRET_PASSWORD/);
    const spec = readFileSync(path!, 'utf8');
    assert.match(spec, /process\.env\.BROWSER_DEBUG_SECRET_PASSWORD/);
    assert.match(spec, /test\.use\(\{ baseURL \}\)/);
    assert.match(spec, /await page\.goto\("\/"\);/, 'the recorded origin became the base URL');

    const env = { BASE_URL: baseURL, BROWSER_DEBUG_SECRET_PASSWORD: PASSWORD, CI: '1' };
    const ordersBefore = shop.orders.length;
    const failing = await run('npx', ['--no-install', 'playwright', 'test'], project, env);
    assert.notEqual(failing.code, 0, failing.output);
    assert.match(
      failing.output,
      /POST http:\/\/localhost:\d+\/api\/order answers below 400 \(the bug: 500; now: 500\)/,
      failing.output,
    );
    assert.equal(shop.orders.length, ordersBefore + 1, 'the test placed its order through BASE_URL');

    shop.fixed = true;
    try {
      const passing = await run('npx', ['--no-install', 'playwright', 'test'], project, env);
      assert.equal(passing.code, 0, passing.output);
      assert.match(passing.output, /1 passed/);
    } finally {
      shop.fixed = false;
    }
  });

  it('exports Puppeteer: node fails on the bug and passes on the fix', async () => {
    const exported = await get(connector.port, `/api/v1/recordings/${recordingId}/export?format=puppeteer`);
    assert.equal(exported.json.status, 'success', exported.text);
    const script = join(project, 'puppeteer', exported.json.data.fileName);
    mkdirSync(join(project, 'puppeteer'), { recursive: true });
    writeFileSync(script, exported.json.data.text);
    const env = { BASE_URL: baseURL, BROWSER_DEBUG_SECRET_PASSWORD: PASSWORD };
    const failing = await run(process.execPath, [script], project, env);
    assert.notEqual(failing.code, 0, failing.output);
    assert.match(
      failing.output,
      /POST http:\/\/localhost:\d+\/api\/order answered 500, not below 400 \(the bug: 500\)/,
    );
    shop.fixed = true;
    try {
      const passing = await run(process.execPath, [script], project, env);
      assert.equal(passing.code, 0, passing.output);
    } finally {
      shop.fixed = false;
    }
  });

  it('exports Cypress as a spec that parses (the Cypress binary cannot be downloaded here)', async () => {
    const exported = await get(connector.port, `/recordings/${recordingId}/export?format=cypress`);
    assert.equal(exported.status, 200, exported.text);
    const text: string = exported.json.text;
    assert.doesNotThrow(() => new Script(text, { filename: exported.json.fileName }));
    assert.match(text, /cy\.wait\('@bugRequest0'\)\.its\('response\.statusCode'\)\.should\('be\.lessThan', 400\)/);
    assert.match(text, /Cypress\.env\("BROWSER_DEBUG_SECRET_PASSWORD"\)/);
  });

  it('keeps every secret out of every export, and names a bad format or id clearly', async () => {
    for (const format of ['playwright', 'puppeteer', 'cypress', 'recorder-json']) {
      const exported = await get(connector.port, `/recordings/${recordingId}/export?format=${format}`);
      assert.equal(exported.status, 200, exported.text);
      assert.ok(!exported.text.includes(PASSWORD), `no secret in the ${format} export`);
    }
    const bad = await get(connector.port, `/recordings/${recordingId}/export?format=selenium`);
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /use one of playwright, puppeteer, cypress, recorder-json/);
    const unknown = await call(mcp, 'export_recording', { id: 'rec-nope' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /No recording with id 'rec-nope'/);
    const outside = await call(mcp, 'export_recording', { id: recordingId, path: join(tmpdir(), 'elsewhere.spec.ts') });
    assert.equal(outside.isError, true);
    assert.match(textOf(outside), /written only inside/);
  });

  it('round-trips a hand-written DevTools Recorder export: import, export recorder-json, parse', async () => {
    const flow = {
      title: 'Order two white teas',
      steps: [
        ...recorderOpening(shop.origin),
        { type: 'change', value: 'bob', selectors: [['aria/User name'], ['#user']], target: 'main' },
        {
          type: 'click',
          target: 'main',
          selectors: [['aria/Sign in[role="button"]'], ['#signin > button']],
          offsetX: 20,
          offsetY: 8,
        },
        { type: 'waitForElement', selectors: [['text/Signed in as bob']] },
      ],
    };
    const imported = await post(connector.port, '/recordings/import', { flow });
    assert.equal(imported.status, 200, imported.text);
    const exported = await get(connector.port, `/recordings/${imported.json.id}/export?format=recorder-json`);
    const parsed = parse(JSON.parse(exported.json.text));
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), flow);
    const answer = textOf(await call(mcp, 'export_recording', { id: imported.json.id, format: 'recorder-json' }));
    const fenced = /```\n([\s\S]*)\n```/.exec(answer)?.[1];
    assert.ok(fenced, answer);
    assert.deepEqual(JSON.parse(fenced), flow, 'without a path, the answer holds the text');
  });
});
