import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import { tabCommand } from '../../src/connector/actions/tabCommand';
import { call, textOf } from '../support/mcp';
import { refIn } from './support/actRig';
import { until } from './support/chromium';
import { mcpRig } from './support/mcpRig';

/** Playwright dismisses dialogs nobody listens for: a listener that does nothing leaves them to our tools. */
function leaveDialogsOpen(page: Page): Promise<Dialog>[] {
  const opened: Promise<Dialog>[] = [];
  let resolveNext: (dialog: Dialog) => void = () => undefined;
  opened.push(new Promise((resolve) => (resolveNext = resolve)));
  page.on('dialog', (dialog) => {
    resolveNext(dialog);
    opened.push(new Promise((resolve) => (resolveNext = resolve)));
  });
  return opened;
}

describe('page control through MCP: emulation, dialogs and uploads', function () {
  this.timeout(120_000);
  const rig = mcpRig();
  let files: string;
  before(() => {
    files = mkdtempSync(join(tmpdir(), 'bd-upload-'));
    // upload_file reads only under the file roots (as --files-root would add this folder).
    rig.connector.connector.config.filesRoots.push(files);
  });
  after(() => rmSync(files, { recursive: true, force: true }));
  afterEach(async () => {
    await call(rig.client, 'emulate', { reset: true });
    for (const open of rig.browser.context.pages()) await open.close();
  });
  const snapshot = async () => textOf(await call(rig.client, 'take_snapshot'));

  it('emulate sets viewport, color scheme, network and CPU; the page sees each; reset ends them', async () => {
    const page = await rig.open('pagecontrol.html?delay=0');
    const answer = await call(rig.client, 'emulate', {
      viewport: { width: 390, height: 844, deviceScaleFactor: 3, mobile: true },
      colorScheme: 'dark',
      network: 'offline',
      cpuThrottling: 4,
    });
    assert.ok(!answer.isError, textOf(answer));
    assert.match(
      textOf(answer),
      /^Emulating in tab \d+: viewport 390×844 @3x mobile, network offline, CPU 4× slower, dark color scheme\. It lasts until emulate reset=true or the tab closes/,
    );
    const seen = () =>
      page.evaluate(() => ({
        width: innerWidth,
        ratio: devicePixelRatio,
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        online: navigator.onLine,
        background: getComputedStyle(document.body).backgroundColor,
      }));
    assert.deepEqual(await seen(), { width: 390, ratio: 3, dark: true, online: false, background: 'rgb(0, 0, 0)' });
    // Emulation survives the action session's quiet period (IDLE_MS, 10 s): the debugger stays attached while it is in force.
    const until11s = Date.now() + 11_000;
    await until(async () => Date.now() > until11s || !(await seen()).dark, 15_000, 'the quiet period', 250);
    assert.equal((await seen()).dark, true, 'still dark after the quiet period');
    const partial = await call(rig.client, 'emulate', { network: 'slow-3g', colorScheme: 'light' });
    assert.match(textOf(partial), /viewport 390×844 @3x mobile, network slow-3g, CPU 4× slower, light color scheme/);
    assert.deepEqual(await seen(), {
      width: 390,
      ratio: 3,
      dark: false,
      online: true,
      background: 'rgb(255, 255, 255)',
    });
    const reset = await call(rig.client, 'emulate', { reset: true });
    assert.match(textOf(reset), /^No emulation in force in tab \d+/);
    const after = await seen();
    assert.equal(after.width, 1280);
    assert.equal(after.online, true);
    const nothing = await call(rig.client, 'emulate', {});
    assert.equal(nothing.isError, true);
    assert.match(textOf(nothing), /Give at least one of viewport/);
    const tooFast = await call(rig.client, 'emulate', { cpuThrottling: 50 });
    assert.equal(tooFast.isError, true);
  });

  it("emulate cpuThrottling slows the page's own work down", async () => {
    const page = await rig.open('pagecontrol.html?delay=0');
    // The fastest of three runs (about 60 ms each unthrottled) of a fixed loop, so other load on the machine counts least.
    const work = () =>
      page.evaluate(() => {
        const times: number[] = [];
        for (let run = 0; run < 3; run++) {
          const started = performance.now();
          let sum = 0;
          for (let i = 0; i < 60_000_000; i++) sum += i % 7;
          times.push(performance.now() - started + (sum < 0 ? 1 : 0));
        }
        return Math.min(...times);
      });
    const normal = await work();
    assert.match(textOf(await call(rig.client, 'emulate', { cpuThrottling: 10 })), /CPU 10× slower/);
    const slowed = await work();
    assert.ok(slowed > normal * 2.5, `10× throttling: ${normal.toFixed(1)} ms → ${slowed.toFixed(1)} ms`);
  });

  it('a click that opens confirm() answers at once naming it; handle_dialog accepts, the order is posted, and the answer says what followed', async () => {
    const page = await rig.open('index.html');
    leaveDialogsOpen(page);
    const order = refIn(await snapshot(), /button "Place order"/);
    const click = await call(rig.client, 'click', { ref: order });
    assert.match(textOf(click), /confirm/i);
    const accepted = await call(rig.client, 'handle_dialog', { accept: true });
    assert.ok(!accepted.isError, textOf(accepted));
    assert.match(textOf(accepted), /^Accepted the confirm\. What followed:/);
    assert.match(textOf(accepted), /\nDialog text:\n[^\n]+\n"Place the order\?"\n/, 'the page’s words, fenced');
    // What the page did once answered, in the same answer: the failed order and the error it logged, with its line.
    assert.match(textOf(accepted), /Failed request #\d+: POST http:\/\/127\.0\.0\.1:\d+\/api\/order → 500/);
    assert.match(textOf(accepted), /Error #\d+: Order failed: 500 \(\/app\.js:28:\d+\)/);
    await until(
      () => rig.app.seen.some((request) => request.method === 'POST' && request.path === '/api/order'),
      10_000,
      'the order POST',
    );
    const none = await call(rig.client, 'handle_dialog', { accept: true });
    assert.equal(none.isError, true);
    assert.match(textOf(none), /No dialog is open in this tab/);
  });

  it('handle_dialog answers a prompt with the text, and dismisses a confirm', async () => {
    const page = await rig.open('pagecontrol.html?delay=0');
    const opened = leaveDialogsOpen(page);
    const early = await call(rig.client, 'handle_dialog', { accept: true });
    assert.equal(early.isError, true);
    assert.match(textOf(early), /No dialog opened while Browser Debug was acting in this tab/);
    // The assistant is acting here (a snapshot attaches the action session), so dialogs the page opens now are its to answer.
    await snapshot();
    await page.evaluate(() =>
      setTimeout(() => ((window as unknown as { answer: unknown }).answer = prompt('Your name?', 'nobody')), 0),
    );
    await opened[0]!;
    const answered = await call(rig.client, 'handle_dialog', { accept: true, promptText: 'Ada Lovelace' });
    assert.ok(!answered.isError, textOf(answered));
    assert.match(textOf(answered), /^Accepted the prompt with "Ada Lovelace"[^]*\nDialog text:\n[^\n]+\n"Your name\?"/);
    await until(
      async () => (await page.evaluate(() => (window as unknown as { answer: unknown }).answer)) === 'Ada Lovelace',
      10_000,
      'the prompt answer in the page',
    );
    await page.evaluate(() =>
      setTimeout(() => ((window as unknown as { confirmed: unknown }).confirmed = confirm('Sure?')), 0),
    );
    await opened[1]!;
    const dismissed = await call(rig.client, 'handle_dialog', { accept: false });
    assert.match(textOf(dismissed), /^Dismissed the confirm[^]*\nDialog text:\n[^\n]+\n"Sure\?"/);
    await until(
      async () => (await page.evaluate(() => (window as unknown as { confirmed: unknown }).confirmed)) === false,
      10_000,
      'confirm() returned false',
    );
  });

  it('handle_dialog answers beforeunload: a reload held by "Leave site?" goes on once accepted', async () => {
    const page = await rig.open('pagecontrol.html?delay=0&guard=1');
    const opened = leaveDialogsOpen(page);
    await call(rig.client, 'click', { ref: refIn(await snapshot(), /button "Edit"/) });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const reload = call(rig.client, 'navigate_history', { action: 'reload' });
    assert.equal((await opened[0]!).type(), 'beforeunload');
    const accepted = await call(rig.client, 'handle_dialog', { accept: true });
    assert.match(textOf(accepted), /^Accepted the beforeunload/);
    assert.match(textOf(await reload), /^Reloaded tab \d+[^]*\n"Page control"/);
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
      undefined,
      'the page reloaded',
    );
  });

  it('does not touch a tab outside the scope: emulate, wait_for and select_tab answer isError', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`http://outofscope.test:${rig.app.port}/pagecontrol.html?delay=0`);
    await page.bringToFront();
    const emulated = await call(rig.client, 'emulate', { colorScheme: 'dark' });
    assert.equal(emulated.isError, true);
    assert.match(textOf(emulated), /outside Browser Debug's scope/);
    assert.equal(
      await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      false,
      'the page was not touched',
    );
    const waited = await call(rig.client, 'wait_for', { text: 'Page control' });
    assert.equal(waited.isError, true);
    assert.match(textOf(waited), /outside Browser Debug's scope/);
    const tabs = textOf(await call(rig.client, 'list_tabs'));
    const tabId = Number(/tab (\d+) \[[^\]]*out of scope/.exec(tabs)?.[1]);
    const selected = await call(rig.client, 'select_tab', { tabId });
    assert.equal(selected.isError, true, textOf(selected));
    assert.match(textOf(selected), /outside Browser Debug's scope/);
  });

  it('upload_file sets files on the file input (the page sees them); bad paths and refs are clear errors', async () => {
    const page = await rig.open('index.html');
    const receipt = join(files, 'receipt.txt');
    writeFileSync(receipt, 'one pot of oolong');
    const text = await snapshot();
    const input = refIn(text, /button "Receipt"/);
    const answer = await call(rig.client, 'upload_file', { ref: input, paths: [receipt] });
    assert.ok(!answer.isError, textOf(answer));
    assert.match(textOf(answer), /^Set the file receipt\.txt on e\d+/);
    await until(
      async () => (await page.textContent('#file-state')) === 'receipt.txt (17 bytes)',
      10_000,
      'the page saw the file',
    );
    const missing = await call(rig.client, 'upload_file', { ref: input, paths: [join(files, 'nope.txt')] });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /No such file on this machine: .*nope\.txt/);
    const wrong = await call(rig.client, 'upload_file', { ref: refIn(text, /button "Sign in"/), paths: [receipt] });
    assert.equal(wrong.isError, true);
    assert.match(textOf(wrong), /is a <button>, not a file input.*snapshot/);
    const unknown = await call(rig.client, 'upload_file', { ref: 'e99999', paths: [receipt] });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /snapshot/);
  });

  it('the extension itself refuses upload paths outside the roots it is sent, dot files and keys', async () => {
    const page = await rig.open('index.html');
    writeFileSync(join(files, '.env'), 'API_KEY=not for the page');
    writeFileSync(join(files, 'server.pem'), 'not for the page');
    const input = refIn(await snapshot(), /button "Receipt"/);
    // Straight to the browser, past the connector's own check: as a connector that got it wrong would.
    const send = (path: string) =>
      tabCommand(rig.connector.connector.services, 'upload-file', { ref: input, paths: [path], roots: [files] });
    for (const [path, why] of [
      ['/etc/hostname', /refused the upload: '\/etc\/hostname' is outside the connector's file roots/],
      [join(files, '.env'), /dot file, in a dot folder, or a key or credentials file/],
      [join(files, 'server.pem'), /key or credentials file/],
      [`${files}/../${files.split('/').pop()}/receipt.txt`, /'\.' or '\.\.' segments/],
    ] as const)
      await assert.rejects(send(path), why, path);
    assert.equal(await page.textContent('#file-state'), '', 'the page got no file');
    assert.equal(
      await page.evaluate(() => (document.querySelector('input[type=file]') as HTMLInputElement).files!.length),
      0,
    );
  });
});
