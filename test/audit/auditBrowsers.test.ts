import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LaunchedBrowser } from '../../src/connector/browsers/launchedBrowser';
import { post } from '../support/http';
import { httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import {
  connectExtension,
  EXTENSION_DIR,
  launchWithExtension,
  requireChromium,
  until,
  type TestBrowser,
} from '../e2e/support/chromium';
import { startAuditSite, type AuditSite } from './support/auditSite';
import { tempReportDir } from './support/reports';

const HEADLESS_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The user's browser: our extension connected, a debugging port open, logged in to the fixture app. */
describe('Audits as the user sees the page: cookie hand-over and the three browser choices', function () {
  this.timeout(120_000);
  let t: McpTestConnector;
  let site: AuditSite;
  let user: TestBrowser;
  let chromium: string;
  const reports = tempReportDir();

  before(async function () {
    chromium = requireChromium(this);
    site = await startAuditSite();
    t = await startMcpConnector({ audits: { reportDir: reports.dir } });
    user = await launchWithExtension(chromium, EXTENSION_DIR, ['--remote-debugging-port=0']);
    await connectExtension(user.worker, t.port);
    const tab = await user.context.newPage();
    await tab.goto(`${site.origin}/login?as=alice`);
    assert.match(await tab.title(), /Your account/, 'the user is logged in');
  });
  after(async () => {
    await user?.close();
    await t?.stop();
    await site?.close();
    reports.remove();
  });

  it('headless audit is logged in with the hand-over on (default for loopback), logged out with it off', async () => {
    const on = await post(t.port, '/accessibility-audit', { url: `${site.origin}/account` });
    assert.equal(on.status, 200, on.text.slice(0, 500));
    assert.equal(on.json.finalUrl, `${site.origin}/account`, 'audited the account page, logged in');
    assert.equal(on.json.run.browser, 'headless');
    assert.deepEqual(on.json.run.cookies, { shared: 1, names: ['session'], note: on.json.run.cookies.note });
    assert.doesNotMatch(
      readFileSync(on.json.report.jsonPath, 'utf8'),
      /session=alice/,
      'the cookie value is not in the saved report',
    );
    const off = await post(t.port, '/accessibility-audit', { url: `${site.origin}/account`, shareCookies: false });
    assert.equal(off.status, 200, off.text.slice(0, 500));
    assert.equal(off.json.finalUrl, `${site.origin}/login`, 'redirected to the login page: logged out');
    assert.equal(off.json.run.cookies.shared, 0);
    assert.match(off.json.run.cookies.note, /turned the cookie hand-over off/);
  });

  it('choice 2: a configured debugging endpoint runs the audit in a throwaway context of that browser', async () => {
    const port = readFileSync(join(user.profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
    t.connector.config.audits.debuggingEndpoint = `http://127.0.0.1:${port}`;
    try {
      const pagesBefore = user.context.pages().length;
      const answer = await post(t.port, '/engine-audit', {
        url: `${site.origin}/account`,
        categories: ['seo'],
        shareCookies: false,
      });
      assert.equal(answer.status, 200, answer.text.slice(0, 500));
      assert.equal(answer.json.run.browser, 'endpoint');
      assert.equal(
        answer.json.audit.finalUrl,
        `${site.origin}/login`,
        "the throwaway context does not see the user's own cookies",
      );
      assert.equal(user.context.pages().length, pagesBefore, "the user's tabs are as they were");
    } finally {
      delete t.connector.config.audits.debuggingEndpoint;
    }
  });

  it('choice 1 and MCP: run_engine_audit audits in the launched browser over its pipe, with progress', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'bd-launch-audit-'));
    const launched = await LaunchedBrowser.launch({
      executable: chromium,
      profileDir: profile,
      extensionDir: EXTENSION_DIR,
      extraArgs: HEADLESS_FLAGS,
    });
    const unregister = t.connector.services.audits.useBrowser(launched.auditSource());
    const { client } = await httpClient(t.port);
    try {
      const progress: { progress: number; message?: string }[] = [];
      const result = (await client.callTool(
        { name: 'run_engine_audit', arguments: { url: `${site.origin}/faults.html`, categories: ['accessibility'] } },
        undefined,
        {
          onprogress: (update) => progress.push(update),
          resetTimeoutOnProgress: true,
        },
      )) as CallToolResult;
      const text = textOf(result);
      assert.equal(result.isError, undefined, text);
      assert.match(text, /in the browser Launch Browser started/);
      assert.match(text, /Scores \(0–100\): accessibility \d+/);
      assert.match(text, /\[critical\] image-alt: .* 1 element: body > main > img#hero/);
      assert.match(text, /button-name/);
      assert.match(text, /Full report: \S+\.report\.html/);
      assert.ok(progress.length >= 3, `progress notifications (${progress.length})`);
      assert.ok(
        progress.every((item, i) => i === 0 || item.progress > progress[i - 1]!.progress),
        'progress only grows',
      );
      // The pipe still serves its owner afterwards, and new tabs are not left waiting for a debugger.
      const target = await launched.send('Target.createTarget', { url: `${site.origin}/clean.html` });
      assert.ok(target.targetId);
      await until(
        async () => {
          const { targetInfos } = (await launched.send('Target.getTargets')) as {
            targetInfos: { targetId: string; title: string }[];
          };
          return targetInfos.some((info) => info.targetId === target.targetId && info.title === 'Clean page');
        },
        10_000,
        'the new tab to load',
      );
    } finally {
      unregister();
      await client.close();
      await launched.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });
});
