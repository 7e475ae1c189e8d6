/**
 * `browser-debug setup <client>` (dist/browserDebug.js) against the real clients: Claude Code, Codex CLI and
 * Gemini CLI from the npm registry (installed into the cache folder by scripts/testSetup.mjs) list the
 * server with their own `mcp list`; every client's entry, the four without a CLI included, is then started
 * exactly as written and completes an MCP initialize + tools/list over stdio.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseJsonc } from 'jsonc-parser';
import { freePortRun } from '../support/ports';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist', 'browserDebug.js');

type Entry = { type?: string; command: string; args: string[]; env?: Record<string, string> };

/** The clients' .bin folder: from `npm test`'s set-up, else set up now (scripts/testSetup.mjs, cached). */
function clientBin(): string {
  if (process.env.BROWSER_DEBUG_MCP_CLIENTS) return process.env.BROWSER_DEBUG_MCP_CLIENTS;
  const script = `const m = await import('./scripts/testSetup.mjs'); const r = m.ensureMcpClients(); console.log('RESULT ' + JSON.stringify(r));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  const line = result.stdout.split('\n').find((text) => text.startsWith('RESULT '));
  const setup = line && JSON.parse(line.slice(7));
  assert.ok(setup?.ok, `the MCP clients could not be set up: ${setup?.note ?? result.stderr}`);
  return setup.env.BROWSER_DEBUG_MCP_CLIENTS;
}

describe('browser-debug setup <client>: the real clients list it, and every entry starts as written', function () {
  this.timeout(180_000);
  let bin: string;
  let home: string;
  let project: string;
  let port: number;

  before(async () => {
    bin = clientBin();
    port = await freePortRun(1);
  });
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'bd-setup-home-'));
    project = mkdtempSync(join(tmpdir(), 'bd-setup-project-'));
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  });

  /** Everything a child sees: a temporary HOME and this test's connector port, no inherited client settings. */
  const env = () => ({
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    BROWSER_DEBUG_PORT: String(port),
  });

  function setup(...args: string[]): string {
    const result = spawnSync(process.execPath, [CLI, 'setup', ...args], { cwd: project, env: env(), encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  }

  function client(name: string, args: string[]): string {
    const result = spawnSync(join(bin, name), args, { cwd: project, env: env(), encoding: 'utf8', timeout: 120_000 });
    return `${result.stdout}\n${result.stderr}`;
  }

  /** Starts the entry exactly as written (command, args, env) and completes initialize + tools/list. */
  async function startAsWritten(entry: Entry): Promise<string[]> {
    assert.ok(isAbsolute(entry.command), `an absolute command, no PATH lookup: ${entry.command}`);
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...env(), PATH: '', ...entry.env },
      cwd: project,
      stderr: 'ignore',
    });
    const mcp = new Client({ name: 'setup-test', version: '1' });
    try {
      await mcp.connect(transport);
      assert.equal(mcp.getServerVersion()?.name, 'browser-debug');
      return (await mcp.listTools()).tools.map((tool) => tool.name);
    } finally {
      await mcp.close();
    }
  }

  const readJson = (path: string) => parseJsonc(readFileSync(path, 'utf8')) as Record<string, Record<string, Entry>>;

  it('Claude Code: `claude mcp list` shows it ✔ Connected, and the entry starts', async () => {
    assert.match(setup('claude-code'), /Created .*\.claude\.json/);
    assert.match(client('claude', ['mcp', 'list']), /browser-debug: .*mcp\.js.* - ✔ Connected/);
    const tools = await startAsWritten(readJson(join(home, '.claude.json')).mcpServers!['browser-debug']!);
    assert.ok(tools.includes('screenshot_capture') && tools.includes('get_console_logs'), tools.join());
  });

  it('Codex CLI: `codex mcp list` shows it enabled with its absolute command, and the entry starts', async () => {
    assert.match(setup('codex'), /Created .*config\.toml/);
    const listed = client('codex', ['mcp', 'list', '--json']);
    const servers = JSON.parse(listed.slice(listed.indexOf('['), listed.lastIndexOf(']') + 1)) as {
      name: string;
      enabled: boolean;
      transport: Entry;
    }[];
    const ours = servers.find((server) => server.name === 'browser-debug');
    assert.ok(ours?.enabled, listed);
    assert.equal(ours.transport.command, process.execPath);
    assert.ok((await startAsWritten(ours.transport)).includes('screenshot_capture'));
  });

  it('Gemini CLI: `gemini mcp list` shows it Connected in a trusted folder, and the entry starts', async () => {
    assert.match(setup('gemini'), /Created .*settings\.json/);
    // Gemini CLI runs no MCP server in a folder the user has not trusted; trusting is the user's step.
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    assert.match(client('gemini', ['mcp', 'list']), /✓ browser-debug: .*mcp\.js \(stdio\) - Connected/);
    const settings = readJson(join(home, '.gemini', 'settings.json'));
    assert.ok((await startAsWritten(settings.mcpServers!['browser-debug']!)).includes('screenshot_capture'));
  });

  for (const [id, file, table, typed] of [
    ['claude-desktop', ['.config', 'Claude', 'claude_desktop_config.json'], 'mcpServers', false],
    ['cursor', ['.cursor', 'mcp.json'], 'mcpServers', false],
    ['windsurf', ['.codeium', 'windsurf', 'mcp_config.json'], 'mcpServers', false],
    ['vscode', ['.config', 'Code', 'User', 'mcp.json'], 'servers', true],
  ] as const) {
    it(`${id}: the documented shape ({"${table}": {name: {${typed ? 'type, ' : ''}command, args}}}), and the entry starts`, async () => {
      setup(id);
      const written = readJson(join(home, ...file));
      assert.deepEqual(Object.keys(written), [table]);
      const entry = written[table]!['browser-debug']!;
      assert.deepEqual(Object.keys(entry), typed ? ['type', 'command', 'args'] : ['command', 'args']);
      if (typed) assert.equal(entry.type, 'stdio');
      assert.deepEqual(entry.args, [join(ROOT, 'dist', 'mcp.js')]);
      assert.ok((await startAsWritten(entry)).includes('screenshot_capture'));
    });
  }

  it('project scope: Claude Code reads .mcp.json in the project, Cursor .cursor/mcp.json', () => {
    setup('claude-code', '--scope', 'project');
    assert.ok(readJson(join(project, '.mcp.json')).mcpServers!['browser-debug']);
    assert.match(client('claude', ['mcp', 'get', 'browser-debug']), /Scope: Project config/);
    setup('cursor', '--scope', 'project');
    assert.ok(readJson(join(project, '.cursor', 'mcp.json')).mcpServers!['browser-debug']);
  });
});
