import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireChromium } from '../e2e/support/chromium';
import { call, httpClient, textOf } from '../support/mcp';
import { freePortRun } from '../support/ports';
import { until } from '../support/until';
import {
  installVsix,
  requireCodeServer,
  startCodeServer,
  waitForExtensionConnector,
  type CodeServer,
} from './support/codeServer';
import { copyWorkspace, ROOT } from './support/suiteBuild';
import { frameWith, openSideBar, runCommand } from './support/uiRig';

/** The README's pictures: taken here, from the installed VSIX, so they show the extension as it is. */
const PICTURES = join(ROOT, 'docs', 'images');
const WALKTHROUGH = 'Get Started with Browser Debug';

describe('VS Code UI: first minute (walkthrough, Launch Browser, stable paths) and the README pictures', function () {
  this.timeout(300_000);
  let server: CodeServer | undefined;
  let ui: Browser | undefined;
  let site: Server | undefined;
  let folder: string;
  let workbench: Page;
  let port: number;
  let origin: string;
  let storage: string;

  const picture = (name: string) => workbench.screenshot({ path: join(PICTURES, name) });
  const toast = (text: string | RegExp) => workbench.locator('.notification-toast', { hasText: text }).first();
  const step = (title: string) => workbench.locator('.getting-started-step', { hasText: title }).first();
  // The step's check mark (`data-done-step-id`) gets the class "complete" when its completion event fires.
  const stepDone = async (title: string) =>
    /\bcomplete\b/.test((await step(title).locator('[data-done-step-id]').first().getAttribute('class')) ?? '');
  // Waits for a step, showing the walkthrough again if the Welcome page went back to its home meanwhile.
  const untilStepDone = (title: string) =>
    until(
      async () => {
        await showWalkthrough();
        return stepDone(title);
      },
      20_000,
      `the step "${title}" to complete`,
      250,
    );

  async function showWalkthrough(): Promise<void> {
    if (await step('Connect a browser').isVisible()) return;
    await runCommand(workbench, 'Welcome: Open Walkthrough');
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: WALKTHROUGH }).first().click();
    await step('Connect a browser').waitFor({ timeout: 20_000 });
  }

  before(async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    mkdirSync(PICTURES, { recursive: true });
    folder = copyWorkspace();
    const vsix = join(folder, '..', `bd-marketplace-${Date.now()}.vsix`);
    execFileSync(process.execPath, ['scripts/packageBrowserExtension.mjs'], { cwd: ROOT });
    execFileSync(process.execPath, ['scripts/packageVsix.mjs', vsix], { cwd: ROOT, stdio: 'pipe' });
    console.log(`      VSIX (development build): ${(statSync(vsix).size / 1024 / 1024).toFixed(1)} MB`);
    port = await freePortRun(1);
    // Launch Browser starts "Chromium" headless here: a wrapper adds what this machine needs.
    const wrapperDir = join(folder, '..', `bd-chromium-${Date.now()}`);
    mkdirSync(wrapperDir, { recursive: true });
    const wrapper = join(wrapperDir, 'chromium');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nexec ${chromiumPath} --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --window-size=1280,800 "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
    server = await startCodeServer(codeServer, {
      folder,
      settings: {
        'browserDebug.connector.port': port,
        'workbench.colorTheme': 'Default Dark Modern',
        'workbench.tips.enabled': false,
        // The pictures show the editor, not an empty chat.
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
      },
      env: { CHROME_PATH: wrapper },
    });
    storage = join(server.dir, 'data', 'User', 'globalStorage', 'browser-debug.browser-debug');
    assert.match(await installVsix(codeServer, server, vsix), /was successfully installed/);
    rmSync(vsix, { force: true });
    site = createServer((req, res) => {
      try {
        res.end(readFileSync(join(folder, new URL(req.url ?? '/', 'http://x').pathname)));
      } catch {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    ui = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    workbench = await ui.newPage({ viewport: { width: 1280, height: 800 } });
    await workbench.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await waitForExtensionConnector(server, port);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !workbench) return;
    mkdirSync(join(ROOT, '.test-artifacts'), { recursive: true });
    const name = this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await workbench
      .screenshot({ path: join(ROOT, '.test-artifacts', `marketplace-${name}.png`) })
      .catch(() => undefined);
  });

  // The walkthrough moves focus to its next step when one completes, which can close a palette the next
  // case opens (or take its Enter): each case leaves it closed.
  afterEach(async () => {
    const welcome = workbench?.locator('.tabs-container .tab', { hasText: 'Welcome' }).first();
    if (!welcome || !(await welcome.isVisible())) return;
    await welcome.hover();
    await welcome.locator('.tab-actions .action-label').first().click();
    await welcome.waitFor({ state: 'detached', timeout: 10_000 });
  });

  after(async () => {
    await ui?.close();
    // The browsers Launch Browser started (their profile is in this code-server's storage), ended by id.
    const launched = storage
      ? spawnSync('pgrep', ['-f', join(storage, 'browser-profile')], { encoding: 'utf8' }).stdout
      : '';
    const pids = launched.split('\n').filter(Boolean).map(Number);
    for (const pid of pids) spawnSync('kill', [String(pid)]);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => !pids.some(alive), 10_000, 'the launched browsers to exit').catch(() => undefined);
    await server?.stop();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('the walkthrough lists its four steps, none done before a browser connects', async () => {
    await showWalkthrough();
    for (const title of ['Connect a browser', 'Open your app', 'Take a screenshot', 'Let Copilot use the tools'])
      await step(title).waitFor();
    assert.equal(await stepDone('Connect a browser'), false);
    assert.equal(await stepDone('Open your app'), false);
  });

  it('Launch Browser asks which page, shows progress, names the browser and the page; two steps complete', async () => {
    await runCommand(workbench, 'Browser Debug: Launch Browser');
    const input = workbench.locator('.quick-input-widget input');
    await workbench.locator('.quick-input-title', { hasText: 'Launch Browser: which page?' }).waitFor();
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'Blank page' }).waitFor();
    const progress = toast(/launching Chromium/).waitFor({ timeout: 30_000 });
    await input.fill(`${origin}/index.html`);
    await workbench.keyboard.press('Enter');
    await progress;
    const done = toast(/Browser Debug opened .* in Chromium/);
    await done.waitFor({ timeout: 60_000 });
    assert.match(
      (await done.textContent()) ?? '',
      new RegExp(`opened ${origin.replace(/[.]/g, '\\.')}/index\\.html in Chromium\\. Its console and network appear`),
    );
    // The launched browser's extension found this connector (not on 3025–3035) and the page's error arrived.
    await openSideBar(workbench);
    await workbench
      .locator('.monaco-list-row', { hasText: 'Uncaught Error: plain failure' })
      .first()
      .waitFor({ timeout: 30_000 });
    await picture('console-view.png');
    await showWalkthrough();
    await untilStepDone('Connect a browser');
    await untilStepDone('Open your app');
    assert.equal(await stepDone('Take a screenshot'), false);
  });

  it('next time, Launch Browser offers the page opened before', async () => {
    await runCommand(workbench, 'Browser Debug: Launch Browser');
    const recent = workbench.locator('.quick-input-list .monaco-list-row', { hasText: `${origin}/index.html` });
    await recent.first().waitFor({ timeout: 20_000 });
    assert.match((await recent.first().textContent()) ?? '', /opened recently/);
    await picture('launch-browser.png');
    await workbench.keyboard.press('Escape');
  });

  it('errors show in Problems and in the dashboard (pictures)', async () => {
    await runCommand(workbench, 'View: Focus Problems', 'Focus on Problems View');
    await workbench
      .locator('.markers-panel .monaco-list-row', { hasText: 'plain failure' })
      .first()
      .waitFor({ timeout: 30_000 });
    await picture('problems.png');
    await runCommand(workbench, 'View: Toggle Panel Visibility');
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    const dashboard = await frameWith(workbench, '#app header', 'the dashboard');
    await dashboard.locator('.row', { hasText: 'plain failure' }).first().waitFor({ timeout: 20_000 });
    await picture('dashboard.png');
  });

  it('a screenshot completes the walkthrough’s third step', async () => {
    await runCommand(workbench, 'Browser Debug: Capture Screenshot');
    await workbench
      .locator('.tabs-container .tab.active', { hasText: /screenshot-.*\.png/ })
      .waitFor({ timeout: 30_000 });
    await showWalkthrough();
    await untilStepDone('Take a screenshot');
  });

  it('the MCP server is listed for Copilot, and an assistant’s tool call shows in the Agent tab; the last step completes', async () => {
    await runCommand(workbench, 'MCP: List Servers');
    await workbench
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Browser Debug' })
      .first()
      .waitFor({ timeout: 30_000 });
    await picture('mcp-servers.png');
    await workbench.keyboard.press('Escape');
    // Copilot Chat cannot run offline here: an MCP client makes the call Copilot would make.
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    const dashboard = await frameWith(workbench, '#app header', 'the dashboard');
    await dashboard.locator('button.tab', { hasText: 'Agent' }).click();
    const { client } = await httpClient(port);
    try {
      const answer = await call(client, 'navigate_to_url', { url: `${origin}/index.html?from=assistant` });
      assert.ok(!answer.isError, textOf(answer));
      await dashboard.locator('.agent-rows .row', { hasText: 'navigate_to_url' }).first().waitFor({ timeout: 20_000 });
      await picture('dashboard-agent.png');
    } finally {
      await client.close();
    }
    await showWalkthrough();
    await untilStepDone('Let Copilot use the tools');
    await picture('walkthrough.png');
  });

  it('Install Browser Extension shows a folder without the version (global storage) and says where the browser runs', async () => {
    await runCommand(workbench, 'Browser Debug: Install Browser Extension');
    const dialog = workbench.locator('.monaco-dialog-box').first();
    await dialog.waitFor({ timeout: 20_000 });
    const text = (await dialog.textContent()) ?? '';
    const folder = join(storage, 'browser-extension');
    assert.ok(text.includes(folder), text);
    assert.doesNotMatch(folder, /\d+\.\d+\.\d+/);
    assert.match(text, /This window is remote \(.+\): the folder above is on the remote machine/);
    assert.ok(existsSync(join(folder, 'manifest.json')), 'the copy is there to load');
    await workbench.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Copy MCP Configuration points at the stable launcher, which reaches this connector', async () => {
    await runCommand(workbench, 'Browser Debug: Copy MCP Configuration');
    await toast(/MCP configuration copied.*keeps working when Browser Debug updates/).waitFor({ timeout: 20_000 });
    const launcher = join(storage, 'mcp-launcher.cjs');
    assert.ok(existsSync(launcher));
    // As Claude Desktop would run it: `node <launcher>`, over stdio.
    const client = new Client({ name: 'launcher-ui-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [launcher],
        env: { BROWSER_DEBUG_PORT: String(port) },
        stderr: 'ignore',
      }),
    );
    try {
      assert.match(textOf(await call(client, 'get_console_logs')), /plain failure/);
    } finally {
      await client.close();
    }
  });

  it('with browserDebug.launch.url set, Launch Browser opens that page without asking', async () => {
    const target = `${origin}/index.html?from=setting`;
    // As a workspace setting (.vscode/settings.json, watched with the workspace). Until the change
    // arrives, Launch Browser still asks: leave and retry.
    mkdirSync(join(folder, '.vscode'), { recursive: true });
    writeFileSync(join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'browserDebug.launch.url': target }));
    const asks = workbench.locator('.quick-input-title', { hasText: 'which page' });
    const done = toast(new RegExp(`opened ${target.replace(/[.?]/g, '\\$&')} in Chromium`));
    await until(
      async () => {
        await runCommand(workbench, 'Browser Debug: Launch Browser');
        const outcome = await Promise.race([
          asks.waitFor({ timeout: 60_000 }).then(
            () => 'asked',
            () => 'neither',
          ),
          done.waitFor({ timeout: 60_000 }).then(
            () => 'opened',
            () => 'neither',
          ),
        ]);
        if (outcome === 'asked') await workbench.keyboard.press('Escape');
        return outcome === 'opened';
      },
      60_000,
      'Launch Browser to use browserDebug.launch.url',
      500,
    );
    assert.equal(await workbench.locator('.quick-input-title', { hasText: 'which page' }).isVisible(), false);
  });
});
