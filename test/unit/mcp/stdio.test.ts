import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { probeIdentity } from '../../../src/connector/startup/identityProbe';
import { TOOLS } from '../../../src/mcp/tools/registry';

/** tools/list leaves the earlier names out unless BROWSER_DEBUG_MCP_LEGACY_TOOLS is set. */
const LISTED = TOOLS.filter((tool) => !tool.aliasOf);
import { consoleLog } from '../../support/connector';
import { post } from '../../support/http';
import { call, screenshotAnswer, scriptedBrowser, textOf } from '../../support/mcp';
import { freePortRun } from '../../support/ports';

const root = resolve(__dirname, '../../..');

/** `browser-debug-mcp` as an MCP client starts it: `node dist/mcp.js`, talking over its stdin and stdout. */
function stdioBin(
  port: number,
  screenshotDir: string,
  more: { args?: string[]; cwd?: string; env?: Record<string, string> } = {},
): { transport: StdioClientTransport; stderr: () => string } {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'dist', 'mcp.js'), ...(more.args ?? [])],
    cwd: more.cwd,
    env: {
      ...more.env,
      BROWSER_DEBUG_PORT: String(port),
      BROWSER_DEBUG_SCREENSHOT_DIR: screenshotDir,
      BROWSER_DEBUG_LOG_LEVEL: 'info',
      // The run's state folder (support/isolatedState.cjs): the bin reads this user's secret there.
      XDG_STATE_HOME: process.env.XDG_STATE_HOME!,
    },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { transport, stderr: () => log };
}

/** `npm start`'s connector (dist/cli.js) in its own process, MCP endpoints included. */
async function startCli(port: number, screenshotDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(root, 'dist', 'cli.js'), '--port', String(port), '--screenshot-dir', screenshotDir, '--journal', 'off'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && ready());
    child.once('exit', (code) => fail(new Error(`dist/cli.js exited with ${code}`)));
  });
  return child;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('stdio MCP bin (browser-debug-mcp)', function () {
  this.timeout(60_000);
  let port: number;
  let screenshotDir: string;
  const cleanup: (() => unknown)[] = [];

  before(function () {
    this.timeout(120_000);
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
  });
  beforeEach(async () => {
    port = await freePortRun(11);
    screenshotDir = mkdtempSync(join(tmpdir(), 'bd-stdio-shots-'));
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    rmSync(screenshotDir, { recursive: true, force: true });
  });

  it('bridges to the connector npm start runs (found by its identity), so it sees the same captures', async () => {
    const cli = await startCli(port + 2, screenshotDir);
    cleanup.push(() => cli.kill('SIGTERM'));
    await post(port + 2, '/extension-log', { data: { level: 'warn', message: 'seen by every client' } });
    const { transport, stderr } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    await client.connect(transport);
    cleanup.push(() => client.close());
    assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'get_console_logs'));
    assert.match(textOf(await call(client, 'get_console_logs')), /#1 \S+ warn seen by every client/);
    assert.match(stderr(), new RegExp(`Using the Browser Debug connector on port ${port + 2}`));
    assert.equal((await probeIdentity('127.0.0.1', port)).answered, false, 'no second connector was started');
  });

  it('starts a connector of its own when none runs: browsers connect to it, tools work, and it stops with the client', async () => {
    const { transport, stderr } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    await client.connect(transport);
    assert.equal((await client.listTools()).tools.length, LISTED.length);
    assert.match(stderr(), new RegExp(`started the connector this process started on port ${port}`));
    assert.equal(
      (await probeIdentity('127.0.0.1', port)).ours,
      true,
      'the embedded connector serves HTTP like npm start',
    );
    const browser = await scriptedBrowser(port, { screenshot: (options) => screenshotAnswer(2400, 1200, options) });
    browser.send({ type: 'batch', events: [consoleLog('from the page', { level: 'error' })] });
    await until(async () => /from the page/.test(textOf(await call(client, 'get_console_logs'))));
    const shot = await call(client, 'screenshot_capture');
    assert.deepEqual(
      shot.content.map((item) => item.type),
      ['text', 'image'],
    );
    assert.match(textOf(shot), /scaled down to 1600×800 px from 2400×1200 px/);
    await browser.close();
    await client.close();
    await until(async () => !(await probeIdentity('127.0.0.1', port, 300)).answered);
  });

  it('waits briefly for the first browser: one that connects ~1 s after start gets the call', async () => {
    const { transport, stderr } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    await client.connect(transport);
    cleanup.push(() => client.close());
    await until(async () => (await probeIdentity('127.0.0.1', port, 300)).ours);
    // The browser extension's reconnect backoff: it finds the new connector about a second later.
    let browserConnectedAt = 0;
    const late = new Promise<Awaited<ReturnType<typeof scriptedBrowser>>>((resolve, reject) =>
      setTimeout(
        () =>
          scriptedBrowser(port, { screenshot: (options) => screenshotAnswer(800, 600, options) })
            .then((browser) => ((browserConnectedAt = Date.now()), resolve(browser)))
            .catch(reject),
        1000,
      ),
    );
    cleanup.push(async () => (await late).close());
    const calledAt = Date.now();
    const shot = await call(client, 'screenshot_capture');
    assert.equal(shot.isError, undefined, `${textOf(shot)}\n${stderr()}`);
    assert.deepEqual(
      shot.content.map((item) => item.type),
      ['text', 'image'],
    );
    assert.ok(browserConnectedAt > calledAt, 'the call was made before the browser connected');
  });

  it('answers "no browser" once the short wait is over when none comes', async () => {
    const { transport } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    await client.connect(transport);
    cleanup.push(() => client.close());
    const shot = await call(client, 'screenshot_capture');
    assert.equal(shot.isError, true);
    assert.match(textOf(shot), /No browser is connected/); // the wait is bounded: it answered, within mocha's timeout
  });

  it('answers the handshake at once even when discovery is slow (a port that never answers)', async () => {
    const sockets: Socket[] = [];
    // When the bin's probe gives up on the silent port (its 1 s timeout), it closes this socket.
    let probeGaveUp = false;
    const blackHole: Server = createServer((socket) => {
      sockets.push(socket);
      socket.on('close', () => (probeGaveUp = true));
    });
    await new Promise<void>((ready) => blackHole.listen(port, '127.0.0.1', ready));
    cleanup.push(
      () => new Promise<void>((done) => (sockets.forEach((socket) => socket.destroy()), blackHole.close(() => done()))),
    );
    const { transport } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    await client.connect(transport);
    cleanup.push(() => client.close());
    // Ordering, not a stopwatch: a loaded machine slows both sides alike.
    assert.equal(probeGaveUp, false, 'initialize is answered while discovery still waits on the silent port');
    assert.equal(client.getServerVersion()?.name, 'browser-debug');
    assert.equal((await client.listTools()).tools.length, LISTED.length, 'tools come once discovery is done');
    assert.equal((await probeIdentity('127.0.0.1', port + 1)).ours, true, 'it embedded on the next free port');
  });

  it('says so when its connector goes away, and the next call finds or starts another', async () => {
    const cli = await startCli(port, screenshotDir);
    const { transport, stderr } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    await client.connect(transport);
    cleanup.push(() => client.close());
    assert.match(textOf(await call(client, 'get_console_logs')), /^Console: none match/);
    cli.kill('SIGTERM');
    await until(async () => !(await probeIdentity('127.0.0.1', port, 300)).answered);
    const lost = await call(client, 'get_console_logs');
    assert.equal(lost.isError, true);
    assert.match(textOf(lost), new RegExp(`Lost the connector on port ${port} .*Call the tool again`));
    const again = await call(client, 'get_console_logs');
    assert.equal(again.isError, undefined, `${textOf(again)}\n${stderr()}`);
    assert.equal((await probeIdentity('127.0.0.1', port)).ours, true, 'a connector runs again (its own)');
  });

  it('started in / (as MCP clients do) it has no file root: upload_file /etc/passwd is refused and says how to give one', async () => {
    let uploads = 0;
    const bins = [
      { args: [], refusedRoots: [] as RegExp[] },
      {
        args: ['--files-root', '/', '--files-root', homedir()],
        refusedRoots: [/\/ is the filesystem root/, /home folder/],
      },
    ];
    for (const [index, bin] of bins.entries()) {
      const binPort = port + index * 3;
      const { transport, stderr } = stdioBin(binPort, screenshotDir, {
        args: bin.args,
        cwd: '/',
        env: { BROWSER_DEBUG_JOURNAL: 'off' },
      });
      const client = new Client({ name: 'test-stdio', version: '1' });
      await client.connect(transport);
      cleanup.push(() => client.close());
      await until(async () => (await probeIdentity('127.0.0.1', binPort, 300)).ours);
      const browser = await scriptedBrowser(binPort, { commands: { 'upload-file': () => ({ files: [uploads++] }) } });
      cleanup.push(() => browser.close());
      for (const path of ['/etc/passwd', join(homedir(), '.ssh', 'id_rsa')]) {
        const answer = await call(client, 'upload_file', { ref: 'e1', paths: [path] });
        assert.equal(answer.isError, true, textOf(answer));
        assert.match(textOf(answer), /upload_file has no folder to read from/);
        assert.match(textOf(answer), /--files-root DIR or BROWSER_DEBUG_FILES_ROOTS=DIR/);
      }
      for (const why of bin.refusedRoots) assert.match(stderr(), new RegExp(`File root refused: .*${why.source}`));
    }
    assert.equal(uploads, 0, 'the browser was never asked to set a file');
  });

  it('reports bad settings on stderr and exits', () => {
    const result = spawnSync(process.execPath, [join(root, 'dist', 'mcp.js'), '--port', 'abc'], {
      encoding: 'utf8',
      input: '',
    });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /Invalid port 'abc': expected 0\.\.65535/);
    assert.equal(result.stdout, '', 'stdout stays clean for MCP');
  });

  it('keeps stdout for MCP messages only', async () => {
    const { transport } = stdioBin(port, screenshotDir);
    const client = new Client({ name: 'test-stdio', version: '1' });
    const nonProtocol: string[] = [];
    transport.onerror = (error) => nonProtocol.push(error.message);
    await client.connect(transport);
    await client.listTools();
    await call(client, 'get_console_logs');
    await client.close();
    assert.deepEqual(nonProtocol, []);
  });
});
