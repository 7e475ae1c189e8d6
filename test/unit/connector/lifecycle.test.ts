import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AlreadyRunningError, Connector } from '../../../src/connector/connector';
import { SIGNATURE } from '../../../src/shared/identity';
import { closeServer, freePortRun, listenOn } from '../../support/ports';
import { until } from '../../support/until';
import { TestSocket } from '../../support/wsClient';

const CLI = resolve(__dirname, '../../../dist/cli.js');

interface Cli {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCli(args: string[]): Cli {
  const screenshotDir = mkdtempSync(join(tmpdir(), 'bd-cli-'));
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, BROWSER_DEBUG_SCREENSHOT_DIR: screenshotDir, BROWSER_DEBUG_JOURNAL: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

describe('connector lifecycle', () => {
  it('npm start: prints where it listens, and Ctrl-C sends server-shutdown to every peer and frees the port', async () => {
    const port = await freePortRun(1);
    const cli = startCli(['--port', String(port)]);
    await until(() => cli.output().includes('listening on'));
    assert.match(cli.output(), new RegExp(`listening on http://127.0.0.1:${port}`));
    assert.match(cli.output(), /Ctrl-C/);
    const browser = await TestSocket.open(`ws://127.0.0.1:${port}/extension-ws`);
    const client = await TestSocket.open(`ws://127.0.0.1:${port}/ws`);
    cli.child.kill('SIGINT');
    const [a, b] = await Promise.all([browser.ofType('server-shutdown'), client.ofType('server-shutdown')]);
    assert.match(String(a.reason), /SIGINT/);
    assert.ok(b.timestamp);
    assert.equal(await cli.exited, 0);
    const again = await listenOn(port, () => ({}));
    await closeServer(again);
  });

  it('npm start exits with a note instead of starting a second connector on a port of ours', async () => {
    const port = await freePortRun(1);
    const first = await Connector.start({ port });
    try {
      const cli = startCli(['--port', String(port)]);
      assert.equal(await cli.exited, 0);
      assert.match(cli.output(), new RegExp(`already running on port ${port}`));
      await assert.rejects(Connector.start({ port }), AlreadyRunningError);
    } finally {
      await first.stop();
    }
  });

  it('moves up the range past a port held by another program, and reports it', async () => {
    const port = await freePortRun(3);
    const squatter = await listenOn(port, () => ({ signature: SIGNATURE, name: 'browser-tools-server' }));
    try {
      const connector = await Connector.start({ port, maxPort: port + 2 });
      assert.equal(connector.port, port + 1);
      assert.deepEqual(connector.skippedPorts, [port]);
      await connector.stop();
      const cli = startCli(['--port', String(port)]);
      await until(() => cli.output().includes('listening on'));
      assert.match(
        cli.output(),
        new RegExp(
          `:${port + 1} \\(port ${port} is held by another program: it answered, but is not a Browser Debug connector \\(browser-tools-server\\)\\)`,
        ),
      );
      cli.child.kill('SIGTERM');
      assert.equal(await cli.exited, 0);
    } finally {
      await closeServer(squatter);
    }
  });

  it('fails clearly when every port in the range is taken', async () => {
    const port = await freePortRun(2);
    const squatters = await Promise.all([listenOn(port, () => ({})), listenOn(port + 1, () => ({}))]);
    try {
      await assert.rejects(Connector.start({ port, maxPort: port + 1 }), /No free port from \d+ to \d+/);
    } finally {
      await Promise.all(squatters.map(closeServer));
    }
  });

  it('stop() is idempotent and releases the port', async () => {
    const connector = await Connector.start({ port: 0 });
    const port = connector.port;
    await Promise.all([connector.stop(), connector.stop()]);
    await closeServer(await listenOn(port, () => ({})));
  });
});
