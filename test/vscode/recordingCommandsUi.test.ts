import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { until } from '../support/until';
import {
  ARTIFACTS,
  chooseMenuItem,
  clickAction,
  expandView,
  openSideBar,
  runCommand,
  startUiRig,
  type UiRig,
} from './support/uiRig';
import { callerHeaders } from '../support/callerSecret';

/** A button that counts its clicks, and `#late`, which appears 6 s after load (a replay waits for it). */
const PAGE = `<!doctype html>
<html><head><title>Record fixture</title></head>
<body>
<button id="add">Add</button> <span id="count">0</span>
<script>
let clicks = 0;
document.getElementById('add').onclick = () => (document.getElementById('count').textContent = String(++clicks));
setTimeout(() => document.body.append(Object.assign(document.createElement('p'), { id: 'late', textContent: 'late' })), 6000);
</script>
</body></html>
`;

interface Row {
  id: string;
  title: string;
  state: string;
  lastVerdict?: string;
}

describe('VS Code UI: recording commands (code-server, the VSIX installed)', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;
  let page: Page;

  before(async function () {
    // No chat here (AI features off): 'Ask Copilot to Fix' falls back to the clipboard.
    rig = await startUiRig(this, { settings: { 'chat.disableAIFeatures': true } });
    workbench = rig.workbench;
    writeFileSync(join(rig.folder, 'record.html'), PAGE);
    page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/record.html`);
    await page.bringToFront();
  });

  after(async () => {
    await rig?.stop();
  });

  const recordings = async (): Promise<Row[]> =>
    (await (await fetch(`http://127.0.0.1:${rig.port}/recordings`, { headers: callerHeaders() })).json()).recordings;
  const statusItem = () => workbench.locator('.statusbar-item', { hasText: 'Recording' });
  const row = (text: string | RegExp) => workbench.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();

  it('"Browser Debug: Start Recording" and "Stop Recording" from the palette, with a status-bar item while recording', async () => {
    await runCommand(workbench, 'Browser Debug: Start Recording');
    await statusItem().first().waitFor({ timeout: 30_000 });
    await until(async () => (await recordings()).some((r) => r.state === 'recording'), 20_000, 'a running recording');
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-recording-status-bar.png') });
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the badge in the page',
    );
    await page.click('#add');
    await runCommand(workbench, 'Browser Debug: Stop Recording');
    await statusItem().first().waitFor({ state: 'detached', timeout: 30_000 });
    await openSideBar(workbench);
    await expandView(workbench, 'Recordings');
    // The time is in the row itself, not only in its tooltip.
    await row(/Recording of .*\d{1,2}:\d{2}.* · \d+ steps · \d+ errors/).waitFor({ timeout: 30_000 });
  });

  it('renames a recording from its context menu', async () => {
    await row(/Recording of .* · \d+ steps · \d+ errors/).click({ button: 'right' });
    await chooseMenuItem(workbench, 'Rename Recording…');
    const input = workbench.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    assert.match(await input.inputValue(), /^Recording of /, 'prefilled with the current title');
    await input.fill('add button counts');
    await workbench.keyboard.press('Enter');
    await row(/add button counts.* · \d+ steps/).waitFor({ timeout: 20_000 });
    assert.ok((await recordings()).some((r) => r.title === 'add button counts'));
  });

  it('with no chat available, "Ask Copilot to Fix" copies the prompt to the clipboard and says so', async () => {
    await clickAction(row(/add button counts/), 'Ask Copilot to Fix');
    await workbench
      .locator('.notification-toast', { hasText: 'copied to the clipboard' })
      .first()
      .waitFor({ timeout: 20_000 });
    const copied = await workbench.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^Fix the bug in this browser recording \(rec-[\w-]+\)/);
    assert.match(
      copied,
      /\n--- page content [0-9a-f]{8} \(untrusted; [^\n]+\nTitle: "add button counts"\n/,
      'the title is fenced',
    );
    assert.match(copied, /replay_recording/);
  });

  it('a replay can be cancelled: the browser stops before the next step and no verdict is kept', async () => {
    const flow = {
      title: 'waits for #late',
      steps: [
        { type: 'navigate', url: `${rig.origin}/record.html` },
        { type: 'waitForElement', selectors: [['#late']], timeout: 15_000 },
        { type: 'click', selectors: [['#add']], offsetX: 2, offsetY: 2 },
      ],
    };
    await fetch(`http://127.0.0.1:${rig.port}/recordings/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...callerHeaders() },
      body: JSON.stringify({ flow }),
    });
    const target = row('waits for #late');
    await target.waitFor({ timeout: 20_000 });
    const changes = recordingChanges(rig.port);
    await clickAction(target, 'Replay Recording');
    const progress = workbench.locator('.notification-toast', { hasText: 'Replaying "waits for #late"' }).first();
    await progress.waitFor({ timeout: 20_000 });
    // Cancel once the replay waits for #late (the navigation happened).
    await until(
      () => page.evaluate(() => document.readyState === 'complete').catch(() => false),
      10_000,
      'the replayed page',
    );
    await progress.locator('.monaco-button, .action-label', { hasText: 'Cancel' }).first().click();
    await workbench.locator('.notification-toast', { hasText: 'cancelled' }).first().waitFor({ timeout: 20_000 });
    // The connector's replay ends when #late appears: it stops there instead of clicking.
    await changes.next(30_000);
    assert.equal(await page.locator('#count').textContent(), '0', 'the last step did not run');
    const replayed = (await recordings()).find((r) => r.title === 'waits for #late');
    assert.equal(replayed?.lastVerdict, undefined, 'a cancelled replay keeps no verdict');
    changes.close();
  });

  it('delete asks first (modal): Cancel keeps the recording, Delete removes it', async () => {
    const target = row('waits for #late');
    await clickAction(target, 'Delete Recording');
    const dialog = workbench.locator('.monaco-dialog-box', { hasText: 'Delete the recording "waits for #late"?' });
    await dialog.waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-recording-delete-confirm.png') });
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.ok(
      (await recordings()).some((r) => r.title === 'waits for #late'),
      'kept after Cancel',
    );
    await clickAction(target, 'Delete Recording');
    await dialog.locator('.monaco-button', { hasText: 'Delete' }).click();
    await until(
      async () => !(await recordings()).some((r) => r.title === 'waits for #late'),
      20_000,
      'the recording deleted',
    );
    await row('waits for #late').waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('the trace says it reloads, offers no reload, and Cancel keeps nothing', async () => {
    await page.bringToFront();
    await runCommand(workbench, 'Browser Debug: Record Performance Trace');
    await workbench
      .locator('.quick-input-widget', { hasText: 'the page reloads while tracing' })
      .waitFor({ timeout: 10_000 });
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'Trace without reloading' }).click();
    const progress = workbench.locator('.notification-toast', { hasText: 'recording a performance trace' }).first();
    await progress.waitFor({ timeout: 20_000 });
    await progress.locator('.monaco-button, .action-label', { hasText: 'Cancel' }).first().click();
    await workbench
      .locator('.notification-toast', { hasText: 'Performance trace cancelled' })
      .first()
      .waitFor({ timeout: 20_000 });
    // Once the browser's 5 s capture ends the service is free again; the cancelled trace was not kept.
    let answer: { status?: number } = {};
    await until(
      async () => {
        const response = await fetch(`http://127.0.0.1:${rig.port}/performance-trace`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...callerHeaders() },
          body: JSON.stringify({ reload: false, durationMs: 200 }),
        });
        answer = { status: response.status };
        return response.status !== 503;
      },
      60_000,
      'the trace service to be free',
      250,
    );
    assert.equal(answer.status, 200);
    const traces = (
      await (await fetch(`http://127.0.0.1:${rig.port}/performance-traces`, { headers: callerHeaders() })).json()
    ).traces as unknown[];
    assert.equal(traces.length, 1, 'only the trace that was not cancelled');
  });
});

/** The connector's `recordings-changed` frames on /ws, one at a time. */
function recordingChanges(port: number): { next(timeoutMs: number): Promise<void>; close(): void } {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: callerHeaders() });
  let seen = 0;
  let taken = 0;
  socket.on('message', (data) => {
    if (JSON.parse(String(data)).type === 'recordings-changed') seen++;
  });
  return {
    next: async (timeoutMs) => {
      await until(() => seen > taken, timeoutMs, 'the replay to end');
      taken = seen;
    },
    close: () => socket.close(),
  };
}
