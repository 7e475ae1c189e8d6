import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { installPrefix, StableInstall } from '../../../../src/vscode/setup/stableInstall';
import { freePortRun } from '../../../support/ports';

/** A fake VS Code extensions folder with installs of the given versions, each with a browser extension and a bin. */
function extensionsFolder(root: string, versions: string[]): string[] {
  return versions.map((version) => {
    const install = join(root, 'extensions', `browser-debug.browser-debug-${version}`);
    mkdirSync(join(install, 'dist', 'browser-extension'), { recursive: true });
    writeFileSync(join(install, 'dist', 'browser-extension', 'manifest.json'), JSON.stringify({ version }));
    // The bin says which install ran it, and with which arguments.
    writeFileSync(
      join(install, 'dist', 'mcp.js'),
      `process.stdout.write(JSON.stringify({ version: ${JSON.stringify(version)}, args: process.argv.slice(2) }));`,
    );
    return install;
  });
}

function runLauncher(launcher: string, args: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [launcher, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('stable paths (browser extension copy and MCP launcher in global storage)', () => {
  let root: string;
  let storage: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bd-stable-'));
    storage = join(root, 'globalStorage', 'browser-debug.browser-debug');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies the browser extension to a folder without the version, and an update refreshes that same folder', async () => {
    const [v1, v2] = extensionsFolder(root, ['0.1.0', '0.2.0']);
    const first = await new StableInstall(v1!, storage, '0.1.0').browserExtension();
    assert.equal(first, join(storage, 'browser-extension'));
    assert.doesNotMatch(first, /0\.1\.0/);
    assert.equal(JSON.parse(readFileSync(join(first, 'manifest.json'), 'utf8')).version, '0.1.0');
    // VS Code installs 0.2.0 and removes 0.1.0; activation refreshes what 0.1.0 handed out.
    rmSync(v1!, { recursive: true });
    await new StableInstall(v2!, storage, '0.2.0').refresh();
    assert.equal(JSON.parse(readFileSync(join(first, 'manifest.json'), 'utf8')).version, '0.2.0');
    assert.equal(existsSync(`${first}.new`), false, 'no half-copied folder is left');
  });

  it('refresh creates nothing the user has not asked for', async () => {
    const [v1] = extensionsFolder(root, ['0.1.0']);
    await new StableInstall(v1!, storage, '0.1.0').refresh();
    assert.equal(existsSync(join(storage, 'browser-extension')), false);
    assert.equal(existsSync(join(storage, 'mcp-launcher.cjs')), false);
  });

  it('the MCP launcher runs the current install’s stdio bin, passing its arguments', async () => {
    const [v1] = extensionsFolder(root, ['0.1.0']);
    const launcher = await new StableInstall(v1!, storage, '0.1.0').mcpLauncher();
    assert.equal(launcher, join(storage, 'mcp-launcher.cjs'));
    const run = runLauncher(launcher, ['--port', '3030']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { version: '0.1.0', args: ['--port', '3030'] });
  });

  it('after an update VS Code has not activated yet, the launcher finds the newest install beside the old one', async () => {
    const [v1] = extensionsFolder(root, ['0.1.0']);
    const launcher = await new StableInstall(v1!, storage, '0.1.0').mcpLauncher();
    extensionsFolder(root, ['0.2.0', '0.10.1', '0.9.0']);
    rmSync(v1!, { recursive: true });
    const run = runLauncher(launcher);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).version, '0.10.1', 'versions compare as numbers');
  });

  it('when the extension is gone, the launcher says so on stderr and exits 1 (stdout stays clean)', async () => {
    const [v1] = extensionsFolder(root, ['0.1.0']);
    const launcher = await new StableInstall(v1!, storage, '0.1.0').mcpLauncher();
    rmSync(join(root, 'extensions'), { recursive: true });
    const run = runLauncher(launcher);
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /Browser Debug extension is not installed any more.*Copy MCP Configuration/);
  });

  it('the launcher runs the real stdio bin: an MCP client gets the tool list', async function () {
    this.timeout(60_000);
    const repo = join(__dirname, '../../../..');
    if (!existsSync(join(repo, 'dist', 'mcp.js')))
      assert.equal(spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repo }).status, 0);
    const install = join(root, 'extensions', 'browser-debug.browser-debug-0.1.0');
    mkdirSync(join(install, 'dist'), { recursive: true });
    cpSync(join(repo, 'dist', 'mcp.js'), join(install, 'dist', 'mcp.js'));
    const launcher = await new StableInstall(install, storage, '0.1.0').mcpLauncher();
    const port = await freePortRun(11);
    const client = new Client({ name: 'launcher-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [launcher],
        env: { BROWSER_DEBUG_PORT: String(port), BROWSER_DEBUG_SCREENSHOT_DIR: join(root, 'shots') },
        stderr: 'ignore',
      }),
    );
    try {
      assert.equal(client.getServerVersion()?.name, 'browser-debug');
      assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'get_console_logs'));
    } finally {
      await client.close();
    }
  });

  it('names sibling installs by the folder name without its version', () => {
    assert.equal(installPrefix('/x/extensions/browser-debug.browser-debug-0.1.0'), 'browser-debug.browser-debug-');
    assert.equal(
      installPrefix('/x/extensions/browser-debug.browser-debug-1.2.3-linux-x64'),
      'browser-debug.browser-debug-',
    );
  });
});
