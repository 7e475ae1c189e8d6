import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { probeIdentity } from '../../../src/connector/startup/identityProbe';
import { call, textOf } from '../../support/mcp';
import { HOLDER_NOTES, HOLDERS, holdPort, type HeldPort, type Holder } from '../../support/heldPorts';
import { freePortRun } from '../../support/ports';
import { until } from '../../support/until';

const root = resolve(__dirname, '../../..');

/** The built `npm start` entry (dist/cli.js), its output and exit code. */
function startCli(port: number, screenshotDir: string) {
  const child = spawn(
    process.execPath,
    [join(root, 'dist', 'cli.js'), '--port', String(port), '--screenshot-dir', screenshotDir, '--journal', 'off'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

/** Escapes a holder's note for use inside a larger pattern. */
const note = (holder: Holder) => HOLDER_NOTES[holder].source;

describe('start on a port held by another program (the real built CLI and stdio bin)', function () {
  this.timeout(60_000);
  let screenshotDir: string;
  const held: HeldPort[] = [];
  const cleanup: (() => unknown)[] = [];

  before(function () {
    this.timeout(120_000);
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
  });
  beforeEach(() => (screenshotDir = mkdtempSync(join(tmpdir(), 'bd-held-'))));
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    await Promise.all(held.splice(0).map((port) => port.close()));
    rmSync(screenshotDir, { recursive: true, force: true });
  });

  for (const holder of HOLDERS) {
    it(`npm start moves to the next port and says why, past a listener that ${holder}`, async () => {
      const port = await freePortRun(2);
      held.push(await holdPort(port, holder));
      const cli = startCli(port, screenshotDir);
      cleanup.push(() => cli.child.kill('SIGTERM'));
      await until(
        () => cli.output().includes('listening on') || cli.child.exitCode !== null,
        20_000,
        'the CLI to listen or exit',
      );
      assert.match(
        cli.output(),
        new RegExp(
          `listening on http://127.0.0.1:${port + 1} \\(port ${port} is held by another program: ${note(holder)}\\)`,
        ),
        cli.output(),
      );
      assert.match(
        cli.output(),
        new RegExp(`WARN +Port ${port} is held by another program \\(${note(holder)}\\); trying ${port + 1}`),
      );
      assert.equal((await probeIdentity('127.0.0.1', port + 1)).ours, true);
      cli.child.kill('SIGTERM');
      assert.equal(await cli.exited, 0);
    });

    it(`the stdio bin embeds a connector on the next port and says why, past a listener that ${holder}`, async () => {
      const port = await freePortRun(2);
      held.push(await holdPort(port, holder));
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'dist', 'mcp.js')],
        env: {
          BROWSER_DEBUG_PORT: String(port),
          BROWSER_DEBUG_SCREENSHOT_DIR: screenshotDir,
          BROWSER_DEBUG_LOG_LEVEL: 'info',
        },
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const client = new Client({ name: 'test-held-port', version: '1' });
      await client.connect(transport);
      cleanup.push(() => client.close());
      const answer = await call(client, 'get_console_logs');
      assert.equal(answer.isError, undefined, stderr);
      assert.match(
        stderr,
        new RegExp(`Port ${port} is held by another program \\(${note(holder)}\\); trying ${port + 1}`),
      );
      assert.match(stderr, new RegExp(`started the connector this process started on port ${port + 1}`));
    });
  }

  it('npm start exits 1 and says why when every port in its range is held', async () => {
    const port = await freePortRun(11);
    for (let offset = 0; offset <= 10; offset++)
      held.push(await holdPort(port + offset, HOLDERS[offset % HOLDERS.length]!));
    const cli = startCli(port, screenshotDir);
    assert.equal(await cli.exited, 1, cli.output());
    assert.match(cli.output(), new RegExp(`could not start: No free port from ${port} to ${port + 10}`));
  });

  it('the stdio bin, when every port is held, answers each tool call with the reason as an error and stays up', async () => {
    const port = await freePortRun(11);
    for (let offset = 0; offset <= 10; offset++)
      held.push(await holdPort(port + offset, HOLDERS[offset % HOLDERS.length]!));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'dist', 'mcp.js')],
      env: { BROWSER_DEBUG_PORT: String(port), BROWSER_DEBUG_SCREENSHOT_DIR: screenshotDir },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'test-held-port', version: '1' });
    await client.connect(transport);
    cleanup.push(() => client.close());
    const answer = await call(client, 'get_console_logs');
    assert.equal(answer.isError, true);
    assert.match(
      textOf(answer),
      new RegExp(
        `could not find or start a connector: No free port from ${port} to ${port + 10}.*Set BROWSER_DEBUG_PORT to a free port`,
      ),
    );
    assert.match(stderr, /No MCP backend: No free port/);
  });
});
