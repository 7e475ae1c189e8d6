/**
 * The Playwright export's leak assertion (#34, `leakCheck`), run under the real @playwright/test in a project
 * as a user has one: the leaky panel's test fails (nodes, listeners and heap kept per loop) and its fixed
 * twin's passes. Exported once through MCP (written into the testDir) and once over HTTP (`?leakCheck=`).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { get, post } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { requireChromium } from './support/chromium';
import { makeProject, run } from './support/exportProject';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

const LOOPS = 5;

/** Load the page, then open and close a panel: the part the test loops. */
function panelFlow(title: string, url: string) {
  return {
    title,
    steps: [
      { type: 'navigate', url },
      { type: 'click', selectors: [['#open']], offsetX: 5, offsetY: 5 },
      { type: 'click', selectors: [['#close']], offsetX: 5, offsetY: 5 },
    ],
  };
}

describe('export_recording leakCheck: the Playwright test fails on a leak, under real @playwright/test', function () {
  this.timeout(300_000);
  let connector: McpTestConnector;
  let site: FixtureServer;
  let mcp: Client;
  let project = '';
  const recordingsDir = mkdtempSync(join(tmpdir(), 'bd-leak-export-'));
  const ids: Record<string, string> = {};

  before(async function () {
    project = makeProject(requireChromium(this));
    [connector, site] = await Promise.all([
      startMcpConnector({ recordings: { dir: recordingsDir, exportRoots: [project] } }),
      startFixtureServer(),
    ]);
    mcp = (await httpClient(connector.port)).client;
    for (const name of ['leaky', 'fixed']) {
      const flow = panelFlow(`${name} panel`, `${site.origin}/leaks/${name}.html`);
      const imported = await post(connector.port, '/recordings/import', { flow });
      assert.equal(imported.status, 200, imported.text);
      ids[name] = imported.json.id;
    }
  });
  after(async () => {
    await mcp?.close();
    await Promise.all([connector?.stop(), site?.close()]);
    rmSync(recordingsDir, { recursive: true, force: true });
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('the leaky panel: exported through MCP with leakCheck, npx playwright test fails on the kept nodes and listeners', async () => {
    const answer = await call(mcp, 'export_recording', { id: ids.leaky, path: 'e2e/specs/', leakCheck: LOOPS });
    const text = textOf(answer);
    assert.ok(!answer.isError, text);
    assert.match(
      text,
      /after 5 loops of the steps after the page loads, DOM nodes, listeners and the JS heap do not grow/,
    );
    const failing = await run('npx', ['--no-install', 'playwright', 'test', 'leaky-panel'], project, { CI: '1' });
    assert.notEqual(failing.code, 0, failing.output);
    assert.match(failing.output, /DOM nodes kept over 5 loops/, failing.output);
    assert.match(failing.output, /1 failed/, failing.output);
  });

  it('the fixed twin: exported over HTTP with ?leakCheck=5, the same test passes', async () => {
    const exported = await get(connector.port, `/recordings/${ids.fixed}/export?format=playwright&leakCheck=${LOOPS}`);
    assert.equal(exported.status, 200, exported.text);
    mkdirSync(join(project, 'e2e/specs'), { recursive: true });
    writeFileSync(join(project, 'e2e/specs', exported.json.fileName), exported.json.text);
    assert.match(exported.json.text, /const leakLoops = 5;/);
    const passing = await run('npx', ['--no-install', 'playwright', 'test', 'fixed-panel'], project, { CI: '1' });
    assert.equal(passing.code, 0, passing.output);
    assert.match(passing.output, /1 passed/);
  });

  it('refuses a bad leakCheck with a clear error over HTTP (both envelopes) and as isError', async () => {
    const words = await get(connector.port, `/recordings/${ids.leaky}/export?leakCheck=many`);
    assert.equal(words.status, 400, words.text);
    assert.match(words.json.error.message, /'leakCheck'.*3 to 20/);
    const cypress = await get(connector.port, `/api/v1/recordings/${ids.leaky}/export?format=cypress&leakCheck=5`);
    assert.equal(cypress.status, 400, cypress.text);
    assert.match(cypress.text, /Playwright export only/);
    const answer = await call(mcp, 'export_recording', { id: ids.leaky, leakCheck: 50 });
    assert.ok(answer.isError);
    assert.match(textOf(answer), /leakCheck/);
  });
});
