import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mcpLauncher } from '../../../../src/mcp/clientSetup/launcher';
import { runBrowserDebugCommand } from '../../../../src/mcp/clientSetup/setupCommand';

/** smol-toml is an ES module: loaded with import(), as src/mcp/clientSetup/mergeConfig.ts does. */
const parseToml = async (text: string) => (await import('smol-toml')).parse(text);

describe('browser-debug setup: merging into existing configuration', () => {
  let home: string;
  let out: string[];
  let err: string[];
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'bd-setup-unit-'));
    out = [];
    err = [];
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const run = (...argv: string[]) =>
    runBrowserDebugCommand(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      cwd: home,
      env: { HOME: home },
      mcpScript: '/opt/browser-debug/dist/mcp.js',
    });
  const put = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };

  it('keeps another server, other settings and the comments of a JSON file, and changes nothing the second time', async () => {
    const file = join(home, '.cursor', 'mcp.json');
    put(file, '{\n  // mine\n  "mcpServers": { "other": { "command": "/bin/other" } },\n  "theme": "dark"\n}\n');
    assert.equal(await run('setup', 'cursor'), 0);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /\/\/ mine/);
    assert.match(text, /"other": \{\s+"command": "\/bin\/other"\s+\}/);
    assert.match(text, /"theme": "dark"/);
    assert.match(
      text,
      /"browser-debug": \{\s+"command": "[^"]+",\s+"args": \[\s+"\/opt\/browser-debug\/dist\/mcp\.js"/,
    );
    assert.equal(await run('setup', 'cursor'), 0);
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.match(
      out.at(-1)!,
      /already has the "browser-debug" MCP server for Cursor \(user scope\): nothing to change/,
    );
  });

  it('appends to Codex TOML (comments kept) and replaces its own entry on a second run', async () => {
    const file = join(home, '.codex', 'config.toml');
    put(file, '# my settings\nmodel = "o4"\n\n[mcp_servers.other]\ncommand = "/bin/other"\n');
    assert.equal(await run('setup', 'codex'), 0);
    const text = readFileSync(file, 'utf8');
    assert.ok(text.startsWith('# my settings\nmodel = "o4"\n\n[mcp_servers.other]\ncommand = "/bin/other"\n\n'));
    const parsed = (await parseToml(text)) as { mcp_servers: Record<string, { command: string; args: string[] }> };
    assert.deepEqual(Object.keys(parsed.mcp_servers), ['other', 'browser-debug']);
    assert.deepEqual(parsed.mcp_servers['browser-debug']!.args, ['/opt/browser-debug/dist/mcp.js']);
    put(file, text.replace('/opt/browser-debug/dist/mcp.js', '/old/mcp.js'));
    assert.equal(await run('setup', 'codex'), 0);
    const again = (await parseToml(readFileSync(file, 'utf8'))) as typeof parsed;
    assert.deepEqual(again.mcp_servers['browser-debug']!.args, ['/opt/browser-debug/dist/mcp.js']);
    assert.equal(again.mcp_servers.other!.command, '/bin/other');
  });

  it('--dry-run prints the file it would write and writes nothing', async () => {
    assert.equal(await run('setup', 'claude-desktop', '--dry-run'), 0);
    assert.match(out[0]!, /^Would write .*claude_desktop_config\.json with the "browser-debug" MCP server/);
    assert.match(out[1]!, /"mcpServers": \{\s+"browser-debug"/);
    assert.equal(existsSync(join(home, '.config', 'Claude')), false);
  });

  it('refuses a file it cannot parse, says what to do, and leaves it untouched', async () => {
    const file = join(home, '.gemini', 'settings.json');
    put(file, '{ "mcpServers": { "other": ');
    assert.equal(await run('setup', 'gemini'), 1);
    assert.match(
      err[0]!,
      /Could not set up Gemini CLI: .*settings\.json is not valid JSON .*fix it, then run the set-up again\. Nothing was written\./,
    );
    assert.equal(readFileSync(file, 'utf8'), '{ "mcpServers": { "other": ');
    put(file, '{ "mcpServers": [] }');
    assert.equal(await run('setup', 'gemini'), 1);
    assert.match(err[1]!, /"mcpServers" is not an object/);
  });

  it('bad arguments: exit 2 with what to use', async () => {
    assert.equal(await run('setup', 'emacs'), 2);
    assert.match(
      err[0]!,
      /Unknown client "emacs"\. Use one of: claude-code, codex, gemini, claude-desktop, cursor, windsurf, vscode\./,
    );
    assert.equal(await run('setup'), 2);
    assert.match(err[1]!, /Name one client\.\n\nUsage: browser-debug setup <client>/);
    assert.equal(await run('setup', 'cursor', '--scope', 'team'), 2);
    assert.match(err[2]!, /--scope is "user" or "project", not "team"/);
    assert.equal(await run('setup', 'windsurf', '--scope', 'project'), 1);
    assert.match(err[3]!, /Windsurf has no project scope: use --scope user/);
    assert.equal(await run('setup', 'cursor', '--colour'), 2);
    assert.match(err[4]!, /Unknown option '--colour'/);
  });

  it("an editor's Electron binary runs the script as Node: ELECTRON_RUN_AS_NODE=1", () => {
    assert.deepEqual(
      mcpLauncher('/x/launcher.cjs', { execPath: '/Applications/Cursor.app/Contents/MacOS/Cursor', electron: true }),
      {
        command: '/Applications/Cursor.app/Contents/MacOS/Cursor',
        args: ['/x/launcher.cjs'],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
    );
    assert.deepEqual(mcpLauncher('/x/mcp.js', { execPath: '/usr/bin/node', electron: false }).env, {});
  });
});
