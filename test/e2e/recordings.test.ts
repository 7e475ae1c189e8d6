import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '@puppeteer/replay';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { startTestConnector } from '../support/connector';
import { get, post, request } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { TestSocket } from '../support/wsClient';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { startShopServer, type ShopServer } from './support/shopServer';

const PASSWORD = 'hunter2-Sup3rSecret';

describe('recordings: record in the browser, replay with a verdict', function () {
  this.timeout(120_000);
  let connector: McpTestConnector;
  let browser: TestBrowser;
  let shop: ShopServer;
  let page: Page;
  let mcp: Client;
  let live: TestSocket;
  let recordingsDir: string;
  let recordingId = '';

  before(async function () {
    const executable = requireChromium(this);
    recordingsDir = mkdtempSync(join(tmpdir(), 'bd-recordings-'));
    [connector, shop] = await Promise.all([
      startMcpConnector({ recordings: { dir: recordingsDir } }),
      startShopServer(),
    ]);
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, connector.port);
    page = await browser.context.newPage();
    mcp = (await httpClient(connector.port)).client;
    live = await TestSocket.open(`ws://127.0.0.1:${connector.port}/ws`);
  });

  after(async () => {
    live?.ws.close();
    await mcp?.close();
    await browser?.close();
    await Promise.all([connector?.stop(), shop?.close()]);
    rmSync(recordingsDir, { recursive: true, force: true });
  });

  /** The order's error and its failed request both reached the connector (the request is reported when it completes). */
  const errorsSeen = () =>
    Math.min(
      connector.connector.services.store.query(['consoleErrors'], (entry) => entry.message.includes('Order failed'), 10)
        .matched,
      connector.connector.services.store.query(['networkErrors'], (entry) => entry.url.endsWith('/api/order'), 10)
        .matched,
    );

  it("records the developer's input as Recorder steps, with a badge in the page, and keeps the password out", async () => {
    await page.goto(`${shop.origin}/`);
    const started = await post(connector.port, '/recordings', { title: 'quantity 0 breaks the cart' });
    assert.equal(started.status, 200, JSON.stringify(started.json));
    recordingId = started.json.id;
    assert.match(recordingId, /^rec-[0-9a-f]+$/);
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the Recording badge',
    );

    await page.fill('#user', 'alice');
    await page.fill('#password', PASSWORD);
    await page.click('button:has-text("Sign in")');
    await page.waitForSelector('#qty');
    await page.selectOption('#tea', 'green');
    await page.fill('#qty', '0');
    await page.dblclick('#note');
    await page.hover('#list');
    await page.mouse.wheel(0, 90);
    await until(() => page.evaluate(() => document.getElementById('list')!.scrollTop > 0), 5000, 'the list scrolled');
    await page.click('#qty');
    await page.keyboard.press('Enter');
    await until(() => errorsSeen() > 0, 10_000, 'the order error reached the connector');

    const stopped = await post(connector.port, `/recordings/${recordingId}/stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
    assert.equal(
      await page.evaluate(() => document.getElementById('__browser-debug-recording-badge')),
      null,
      'the badge goes away',
    );

    const flow = parse(stopped.json.flow);
    const types: string[] = flow.steps.map((step) => step.type);
    assert.deepEqual(types.slice(0, 2), ['setViewport', 'navigate']);
    for (const type of ['change', 'click', 'waitForElement', 'doubleClick', 'scroll', 'keyDown', 'keyUp'])
      assert.ok(types.includes(type), `a ${type} step in ${types.join(', ')}`);
    const steps = flow.steps as unknown as Record<string, any>[];
    const password = steps.find(
      (step) => step.type === 'change' && JSON.stringify(step.selectors).includes('password'),
    );
    assert.equal(password?.value, '{{secret:password}}');
    const quantity = steps.find((step) => step.type === 'change' && JSON.stringify(step.selectors).includes('qty'));
    assert.equal(quantity?.value, '0', 'change records the final value');
    assert.equal(
      steps.filter((step) => step.type === 'change' && JSON.stringify(step.selectors).includes('user')).length,
      1,
      'one change per field, not one per key',
    );
    const signIn = steps.find((step) => step.type === 'click');
    assert.equal(signIn?.selectors[0][0], 'aria/Sign in', 'aria selector first');
    assert.equal(typeof signIn?.offsetX, 'number');
    const wait = steps.findIndex((step) => step.type === 'waitForElement');
    assert.ok(wait > types.indexOf('click'), 'the wait for the late order form follows the sign-in click');
    const enter = steps.find((step) => step.type === 'keyDown');
    assert.equal(enter?.key, 'Enter');
    const timeline = stopped.json.timeline as { kind: string; text: string; step: number }[];
    assert.ok(
      timeline.some((entry) => entry.kind === 'error' && entry.text.includes('Order failed with status 500')),
      JSON.stringify(timeline),
    );
    assert.ok(
      timeline.some(
        (entry) => entry.kind === 'request' && entry.text.includes('/api/order') && entry.text.includes('500'),
      ),
    );
    assert.ok(
      timeline.find((entry) => entry.kind === 'error')!.step >= types.lastIndexOf('keyDown'),
      'the error follows the Enter step',
    );
  });

  it('keeps the recording as a JSON file and in every answer without the password', async () => {
    const files = readdirSync(recordingsDir);
    assert.deepEqual(files, [`${recordingId}.json`]);
    const file = readFileSync(join(recordingsDir, files[0]!), 'utf8');
    const listed = await get(connector.port, '/recordings');
    const detail = await get(connector.port, `/api/v1/recordings/${recordingId}`);
    assert.equal(detail.json.status, 'success');
    assert.deepEqual(
      Object.keys(detail.json.data)
        .filter((key) => ['id', 'title', 'startedAt', 'stoppedAt', 'flow', 'timeline'].includes(key))
        .sort(),
      ['flow', 'id', 'startedAt', 'stoppedAt', 'timeline', 'title'],
    );
    const answer = textOf(await call(mcp, 'get_recording', { id: recordingId }));
    assert.match(answer, /key(Down|Up) Enter\n(\s+✗ .*\n)*\s+✗ error: .*Order failed/);
    const list = textOf(await call(mcp, 'list_recordings'));
    assert.match(list, new RegExp(recordingId));
    for (const [where, text] of Object.entries({
      file,
      list: listed.text,
      detail: detail.text,
      answer,
      ws: JSON.stringify(live.frames),
    })) {
      assert.ok(!text.includes(PASSWORD), `the password is not in the ${where}`);
    }
    assert.ok(file.includes('{{secret:password}}'));
  });

  it('replays with the bug present: reproduced, with progress per step', async () => {
    const progress: string[] = [];
    const result = await mcp.callTool({ name: 'replay_recording', arguments: { id: recordingId } }, undefined, {
      onprogress: (update) => void progress.push(String(update.message)),
      timeout: 90_000,
    });
    const text = textOf(result as never);
    assert.ok(!result.isError, text);
    assert.match(text, /^Verdict: REPRODUCED/);
    assert.match(
      text,
      /Recurring \(happened again\) \(2\):\n( {2}- after step \d+: .*\n)* {2}- after step \d+: .*Order failed with status 500/,
    );
    assert.ok(progress.length >= 10 && progress[0]!.startsWith('step 1/'), progress.join(' | '));
    assert.equal(await page.textContent('#note'), 'Favourite ★', 'the double click was real input');
    assert.equal(await page.inputValue('#password'), PASSWORD, 'the secret was typed from memory');
    assert.ok(!text.includes(PASSWORD) && !JSON.stringify(live.frames).includes(PASSWORD));
  });

  it('replays after the server removed the bug: not reproduced, the errors listed as gone', async () => {
    shop.fixed = true;
    const replayed = await post(connector.port, `/recordings/${recordingId}/replay`, {});
    assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
    assert.equal(replayed.json.verdict, 'not reproduced', replayed.json.summary);
    assert.deepEqual(replayed.json.gone.map((problem: { kind: string }) => problem.kind).sort(), ['error', 'request']);
    assert.equal(replayed.json.recurring.length, 0);
    assert.equal(shop.orders.at(-1)?.qty, 0);
    assert.equal(await page.textContent('#cart'), 'Added 0 × green');
    shop.fixed = false;
  });

  it('imports a hand-written DevTools Recorder export and replays it', async () => {
    const exported = {
      title: 'Order two white teas',
      steps: [
        {
          type: 'setViewport',
          width: 1280,
          height: 800,
          deviceScaleFactor: 1,
          isMobile: false,
          hasTouch: false,
          isLandscape: true,
        },
        {
          type: 'navigate',
          url: `${shop.origin}/`,
          assertedEvents: [{ type: 'navigation', url: `${shop.origin}/`, title: 'Tea shop' }],
        },
        { type: 'change', value: 'bob', selectors: [['aria/User name'], ['#user']], target: 'main' },
        { type: 'change', value: 'pw', selectors: [['#password']], target: 'main' },
        {
          type: 'click',
          target: 'main',
          selectors: [['aria/Sign in[role="button"]'], ['#signin > button']],
          offsetX: 20,
          offsetY: 8,
        },
        { type: 'waitForElement', selectors: [['#tea']] },
        { type: 'change', value: 'white', selectors: [['aria/Tea'], ['#tea']], target: 'main' },
        { type: 'change', value: '2', selectors: [['aria/Quantity'], ['#qty']], target: 'main' },
        { type: 'click', target: 'main', selectors: [['[data-testid="add"]']], offsetX: 10, offsetY: 5 },
        { type: 'waitForElement', selectors: [['text/Added 2 × white']] },
      ],
    };
    const imported = textOf(await call(mcp, 'import_recording', { flow: JSON.stringify(exported) }));
    const id = /Imported as (rec-[0-9a-f]+)/.exec(imported)?.[1];
    assert.ok(id, imported);
    const verdict = textOf(await call(mcp, 'replay_recording', { id }));
    assert.match(verdict, /Steps run: 10 of 10/);
    assert.match(verdict, /^Verdict: NOT REPRODUCED/);
    assert.deepEqual(shop.orders.at(-1), { tea: 'white', qty: 2 });
  });

  it('Record and Stop in the popup record the tab (here the locked one, since the popup opens as a tab)', async () => {
    await page.goto(`${shop.origin}/`);
    const tabId = await browser.worker.evaluate(
      async (origin) => (await chrome.tabs.query({ url: `${origin}/*` }))[0]!.id!,
      shop.origin,
    );
    await browser.worker.evaluate(
      ([port, tab]) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [tab], captureBodies: false, port },
        }),
      [connector.port, tabId] as const,
    );
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${new URL(browser.worker.url()).host}/popup.html`);
    await popup.click('#record');
    await popup.locator('#recordResult', { hasText: /Recording rec-/ }).waitFor({ timeout: 15_000 });
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the badge',
    );
    await page.fill('#user', 'carol');
    await page.click('button:has-text("Sign in")');
    // Playwright dismisses the dialog; the recording's timeline notes it.
    await page.evaluate(() => alert('Welcome back'));
    await page.click('#user');
    await page.keyboard.press('Control+A');
    await popup.locator('#record', { hasText: /Stop recording \(\d+ steps\)/ }).waitFor({ timeout: 15_000 });
    await popup.click('#record');
    const saved = await popup.locator('#recordResult', { hasText: /Saved rec-/ }).textContent();
    const id = /rec-[0-9a-f]+/.exec(saved ?? '')![0];
    const detail = await get(connector.port, `/recordings/${id}`);
    assert.deepEqual(
      detail.json.flow.steps.map((step: { type: string; key?: string }) => step.key ?? step.type),
      ['setViewport', 'navigate', 'change', 'click', 'click', 'Control', 'A', 'A', 'Control'],
    );
    assert.equal(detail.json.flow.steps[2].value, 'carol');
    assert.ok(
      detail.json.timeline.some(
        (entry: { kind: string; text: string; step: number }) =>
          entry.kind === 'dialog' && entry.text === 'alert: Welcome back' && entry.step === 3,
      ),
      JSON.stringify(detail.json.timeline),
    );
    await popup.close();
    await browser.worker.evaluate(
      (port) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port },
        }),
      connector.port,
    );
    // The replay holds Control for the shortcut: the click put the caret in the field, Ctrl+A selects all of it.
    const replayed = await post(connector.port, `/recordings/${id}/replay`, {});
    assert.equal(replayed.json.stepsRun, 9, replayed.json.summary);
    assert.deepEqual(
      await page.evaluate(() => {
        const field = document.activeElement as HTMLInputElement;
        return [field.id, field.selectionStart, field.selectionEnd];
      }),
      ['user', 0, 5],
    );
  });

  it('a replay in a later connector session diverges at the secret it lacks, and runs when given it', async () => {
    const later = await startTestConnector({ recordings: { dir: recordingsDir } });
    try {
      const saved = readdirSync(recordingsDir).map((name) =>
        JSON.parse(readFileSync(join(recordingsDir, name), 'utf8')),
      );
      const withSecret = saved.find((recording) =>
        recording.flow.steps.some((step: { value?: string }) => step.value === '{{secret:password}}'),
      );
      assert.ok(withSecret, 'a saved recording with a secret placeholder');
      await connectExtension(browser.worker, later.port);
      const missing = await post(later.port, `/recordings/${withSecret.id}/replay`, {});
      assert.equal(missing.json.verdict, 'diverged');
      assert.match(missing.json.failedStep.reason, /secret 'password'.*secrets\.password/);
      const given = await post(later.port, `/recordings/${withSecret.id}/replay`, { secrets: { password: PASSWORD } });
      assert.notEqual(given.json.verdict, 'diverged', given.json.summary);
      assert.equal(await page.inputValue('#password'), PASSWORD);
      assert.ok(
        !readFileSync(join(recordingsDir, `${withSecret.id}.json`), 'utf8').includes(PASSWORD),
        'the secret given for the replay is not saved',
      );
    } finally {
      await connectExtension(browser.worker, connector.port);
      await later.stop();
    }
  });

  it('keeps a recording the browser went on with while the connector restarted: Stop saves it', async () => {
    const started = await post(connector.port, '/recordings', { title: 'before the restart' });
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the badge',
    );
    const later = await startTestConnector({ recordings: { dir: recordingsDir } });
    try {
      await connectExtension(browser.worker, later.port);
      await page.fill('#user', 'dave');
      await page.click('#password');
      const stopped = await post(later.port, `/recordings/${started.json.id}/stop`, {});
      assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
      assert.equal(stopped.json.id, started.json.id);
      assert.ok(stopped.json.flow.steps.some((step: { value?: string }) => step.value === 'dave'));
    } finally {
      await connectExtension(browser.worker, connector.port);
      await later.stop();
    }
  });

  it('names the bad step of an invalid flow, and gives a clear error for an unknown id', async () => {
    const bad = await post(connector.port, '/recordings/import', {
      flow: { title: 't', steps: [{ type: 'navigate', url: 'http://x/' }, { type: 'click' }] },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'INVALID_PARAMETER');
    assert.match(bad.json.error.message, /step 2 \(click\)/);
    const unknown = await call(mcp, 'get_recording', { id: 'rec-nope' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /No recording with id 'rec-nope'.*list_recordings/);
    const replayUnknown = await call(mcp, 'replay_recording', { id: 'rec-nope' });
    assert.equal(replayUnknown.isError, true);
    const deleted = await request(connector.port, 'DELETE', `/recordings/${recordingId}`);
    assert.equal(deleted.json.deleted, recordingId);
    assert.ok(!readdirSync(recordingsDir).includes(`${recordingId}.json`));
  });
});
