import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';
import { connectExtension, launchWithExtension, requireChromium, type TestBrowser } from '../../e2e/support/chromium';
import { freePortRun } from '../../support/ports';
import { until } from '../../support/until';
import {
  installVsix,
  requireCodeServer,
  startCodeServer,
  waitForExtensionConnector,
  type CodeServer,
} from './codeServer';
import { copyWorkspace, ROOT } from './suiteBuild';

export const ARTIFACTS = join(ROOT, '.test-artifacts');

/** code-server with the packaged VSIX, a workbench page in Chromium, and a second Chromium with our extension. */
export interface UiRig {
  server: CodeServer;
  workbench: Page;
  app: TestBrowser;
  /** The connector's port (the extension's setting). */
  port: number;
  /** The throwaway workspace, also served over HTTP at `origin` (no caching). */
  folder: string;
  origin: string;
  connect(): Promise<void>;
  stop(): Promise<void>;
}

export async function startUiRig(
  suite: Mocha.Context,
  options: {
    settings?: Record<string, unknown>;
    connect?: boolean;
    env?: Record<string, string>;
    args?: string[];
    /** Extra flags for the Chromium with our extension (a DevTools port for heap snapshots, say). */
    appArgs?: string[];
    /** A connector the test runs on this port itself: the extension attaches to it, as to another window's. */
    port?: number;
  } = {},
): Promise<UiRig> {
  const codeServer = requireCodeServer(suite);
  const chromiumPath = requireChromium(suite);
  mkdirSync(ARTIFACTS, { recursive: true });
  const folder = copyWorkspace();
  const vsix = join(folder, '..', `bd-ux-${Date.now()}.vsix`);
  execFileSync(process.execPath, ['scripts/packageBrowserExtension.mjs'], { cwd: ROOT });
  execFileSync(process.execPath, ['scripts/packageVsix.mjs', vsix], { cwd: ROOT, stdio: 'pipe' });
  const port = options.port ?? (await freePortRun(1));
  const server = await startCodeServer(codeServer, {
    folder,
    settings: { 'browserDebug.connector.port': port, ...options.settings },
    env: options.env,
    args: options.args,
  });
  const installed = await installVsix(codeServer, server, vsix);
  if (!/was successfully installed/.test(installed)) throw new Error(installed);
  rmSync(vsix, { force: true });
  const site = serveFolder(folder);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const ui: Browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const context = await ui.newContext({
    viewport: { width: 1400, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const workbench = await context.newPage();
  await workbench.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
  await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await waitForExtensionConnector(server, port);
  const app = await launchWithExtension(chromiumPath, undefined, options.appArgs);
  const rig: UiRig = {
    server,
    workbench,
    app,
    port,
    folder,
    origin,
    connect: () => connectExtension(app.worker, port),
    stop: async () => {
      await app.close();
      await ui.close();
      await server.stop();
      await new Promise((resolve) => site.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
  if (options.connect !== false) await rig.connect();
  return rig;
}

/** The workspace over HTTP, read on every request, so a test edits a file and reloads the page. */
function serveFolder(folder: string): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      const body = readFileSync(join(folder, path));
      const type = path.endsWith('.html') ? 'text/html' : path.endsWith('.js') ? 'text/javascript' : 'application/json';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
}

/**
 * F1 and the title, then Enter. The palette closes when something takes focus (a webview, or the
 * walkthrough moving to its next step): a palette that closed before it took the title is opened again.
 */
export async function runCommand(page: Page, title: string, pick = title): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: pick }).first();
  let attempts = 0;
  await until(
    async () => {
      attempts++;
      if (!(await openPalette(page, input, attempts > 1))) return false;
      if (!(await input.fill(`>${title}`, { timeout: 5_000 }).then(succeeded, failed))) return false;
      if (!(await row.waitFor({ timeout: 10_000 }).then(succeeded, failed))) return false;
      await page.keyboard.press('Enter');
      return true;
    },
    60_000,
    `the command palette to run "${title}"`,
    250,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message} after ${attempts} attempts (${await whatHoldsTheKeyboard(page)})`);
  });
}

const succeeded = () => true;
const failed = () => false;

/** A fresh palette: one left open (another command's) would take the title as its own input. */
async function openPalette(page: Page, input: Locator, retry: boolean): Promise<boolean> {
  if (await input.isVisible()) {
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: 5_000 }).catch(failed);
  }
  // Leave what holds the keyboard: a modal editor (Escape, on a retry) or a webview (a click on the workbench).
  // Not on the Welcome page: there Escape goes back from a walkthrough to the page's home.
  if (retry && !(await page.locator('.gettingStartedContainer').first().isVisible()))
    await page.keyboard.press('Escape');
  await page
    .locator('.part.statusbar')
    .first()
    .click({ position: { x: 2, y: 2 }, force: true, timeout: 2_000 })
    .catch(failed);
  await page.keyboard.press('F1');
  return input.waitFor({ state: 'visible', timeout: 5_000 }).then(succeeded, failed);
}

/** When the palette takes no input: what is inert, and any dialog or modal on screen (for the failure message). */
async function whatHoldsTheKeyboard(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 3).join('.')}`;
      const inert = Array.from(document.querySelectorAll('[inert]')).map(describe);
      const modals = Array.from(
        document.querySelectorAll('.monaco-dialog-box, dialog[open], [aria-modal="true"], .modal-editor-part'),
      ).map((element) => `${describe(element)}: ${(element.textContent ?? '').slice(0, 200)}`);
      const focused = document.activeElement ? describe(document.activeElement) : 'nothing';
      return `inert: ${inert.join(', ') || 'none'}; modals: ${modals.join(' | ') || 'none'}; focus: ${focused}`;
    })
    .catch((error: Error) => `page not readable: ${error.message}`);
}

/** A title-bar or inline action: shown on hover, found by its accessible label. */
export async function clickAction(area: Locator, label: string): Promise<void> {
  await area.hover();
  const action = area.locator(`.action-label[aria-label^="${label}"]`).first();
  await action.waitFor({ timeout: 20_000 });
  await action.click();
}

/**
 * Chooses an item of the open context menu. A menu can drop a click made while it is still settling (it
 * stays open): the item is clicked again until the menu has closed, which is the sign it took the choice.
 */
export async function chooseMenuItem(workbench: Page, label: string): Promise<void> {
  const item = workbench.locator('.context-view .action-label', { hasText: label }).first();
  await item.waitFor({ timeout: 20_000 });
  await until(
    async () => {
      if (!(await item.isVisible())) return true;
      await item.click({ timeout: 2_000 }).catch(() => undefined);
      return !(await item.isVisible());
    },
    20_000,
    `the context menu to take "${label}"`,
    250,
  );
}

/**
 * Opens the Browser Debug side bar unless it is open already (a second click would close it). Forced: a count
 * badge lies over the icon (a person's click goes through it to the icon, Playwright's check would refuse).
 */
export async function openSideBar(workbench: Page): Promise<void> {
  if (await workbench.locator('.pane-header', { hasText: 'Console' }).first().isVisible()) return;
  await workbench
    .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
    .first()
    .click({ force: true });
  await workbench.locator('.pane-header', { hasText: 'Console' }).first().waitFor({ timeout: 30_000 });
}

/** Expands a view's section of the side bar. */
export async function expandView(workbench: Page, name: string): Promise<Locator> {
  const header = workbench.locator('.pane-header', { hasText: name }).first();
  await header.waitFor({ timeout: 30_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  return header;
}

/** The webview frame that has `selector` (the dashboard, a Markdown preview). */
export async function frameWith(page: Page, selector: string, what: string, timeoutMs = 30_000): Promise<Frame> {
  let found: Frame | undefined;
  await until(
    async () => {
      for (const frame of page.frames())
        if (
          await frame
            .locator(selector)
            .count()
            .catch(() => 0)
        )
          return Boolean((found = frame));
      return false;
    },
    timeoutMs,
    what,
  );
  return found!;
}

/** Right-clicks `row` and chooses `label`; a menu that opened before it had the item is closed and opened again. */
export async function contextMenuItem(workbench: Page, row: Locator, label: string): Promise<void> {
  const item = workbench.locator('.monaco-menu .action-label', { hasText: label }).first();
  await until(
    async () => {
      await row.click({ button: 'right' });
      if (await item.waitFor({ timeout: 5_000 }).then(succeeded, failed)) return true;
      await workbench.keyboard.press('Escape');
      return false;
    },
    60_000,
    `"${label}" in the context menu`,
  );
  await chooseMenuItem(workbench, label);
}
