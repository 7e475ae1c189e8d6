// What `npm test`'s suites need besides node_modules, set up before the first suite that needs it:
// Chromium (apt-get when root), a real VS Code (code-server through scripts/setupCodeServer.sh, cached)
// and the edge package's own dependencies. Each returns { ok, note, env? }; `note` is one line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the suites look for a browser (test/e2e/support/chromium.ts): Debian's binary first. */
export function chromiumCandidates(env = process.env) {
  return [
    env.CHROME_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean);
}

/** Runs a command (or, in a dry run, says it would); `capture` keeps stdout instead of showing it. */
export function commandRunner(dryRun) {
  return (command, args, options = {}) => {
    if (dryRun) {
      console.log(`  would run: ${[command, ...args].join(' ')}`);
      return { ok: true, stdout: '' };
    }
    const { capture, ...spawnOptions } = options;
    const result = spawnSync(command, args, {
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
      encoding: 'utf8',
      ...spawnOptions,
    });
    return { ok: result.status === 0, stdout: result.stdout ?? '' };
  };
}

const CHROMIUM_HINT =
  'install it with `sudo apt-get install -y chromium` (or set CHROME_PATH to a Chromium or Chrome binary), then run npm test again';

/** Whether Debian's `xvfb` is there: the tab strip picture (test/e2e/agentsTabStrip.test.ts) needs a headful window. */
const xvfbOnPath = () => spawnSync('sh', ['-c', 'command -v Xvfb'], { stdio: 'ignore' }).status === 0;

/**
 * Chromium for the browser suites: found, installed with apt-get when root, else a one-line instruction. Xvfb
 * comes along when root (apt-get); without it only the tab strip picture is skipped, and says so.
 */
export function ensureChromium({
  candidates = chromiumCandidates(),
  isRoot = process.getuid?.() === 0,
  hasXvfb = xvfbOnPath(),
  run = commandRunner(false),
  dryRun = false,
} = {}) {
  const found = () => candidates.find((path) => existsSync(path));
  const had = found();
  const missing = [...(had ? [] : ['chromium']), ...(hasXvfb || !isRoot ? [] : ['xvfb'])];
  if (had && missing.length === 0) return { ok: true, note: `Chromium: ${had}` };
  if (!isRoot) return { ok: false, note: `Chromium is missing: ${CHROMIUM_HINT}.` };
  console.log(`Missing ${missing.join(' and ')}: installing with apt-get (once).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    run('apt-get', ['update', '-qq'], { env }).ok && run('apt-get', ['install', '-y', '-qq', ...missing], { env }).ok;
  if (dryRun && installed) return { ok: true, note: `Chromium: would install ${missing.join(' and ')} with apt-get` };
  // Xvfb alone failing costs only the tab strip picture, which then says it was skipped.
  if (had)
    return { ok: true, note: `Chromium: ${had}; xvfb ${installed ? 'installed now' : 'could not be installed'}` };
  if (installed && found()) return { ok: true, note: `Chromium: ${found()} (installed now)` };
  return { ok: false, note: `Chromium could not be installed with apt-get (see above): ${CHROMIUM_HINT}.` };
}

/** code-server for the VS Code suites, from the cache or installed into it (about 3 minutes, once). */
export function ensureCodeServer({ run = commandRunner(false), dryRun = false } = {}) {
  // The script's own dry run changes nothing, so it runs even in a dry run.
  const runner = dryRun ? commandRunner(false) : run;
  const result = runner('bash', ['scripts/setupCodeServer.sh', ...(dryRun ? ['--dry-run'] : [])], { capture: true });
  if (!result.ok)
    return {
      ok: false,
      note: 'code-server could not be installed (see above): fix that, or run `bash scripts/setupCodeServer.sh` to retry, then npm test again.',
    };
  const bin = result.stdout.trim();
  if (dryRun) return { ok: true, note: `code-server: ${bin || 'would be set up by scripts/setupCodeServer.sh'}` };
  return { ok: true, note: `code-server: ${bin}`, env: { CODE_SERVER_BIN: bin } };
}

/** The edge worker is its own package: `npm install` at the root does not install it. */
export function ensureEdgeDependencies({ run = commandRunner(false), dryRun = false } = {}) {
  const marker = 'edge/node_modules/vitest/vitest.mjs';
  if (existsSync(marker)) return { ok: true, note: 'edge dependencies: installed' };
  const installed = run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: 'edge' }).ok;
  if (dryRun) return { ok: true, note: 'edge dependencies: would be installed' };
  if (installed && existsSync(marker)) return { ok: true, note: 'edge dependencies: installed now' };
  return {
    ok: false,
    note: 'edge dependencies are missing and could not be installed: run (cd edge && npm ci --ignore-scripts --no-audit --no-fund)',
  };
}

/** The MCP clients whose own CLIs check `browser-debug setup` (test/e2e/mcpClientSetup.test.ts), pinned. */
export const MCP_CLIENT_PACKAGES = [
  '@anthropic-ai/claude-code@2.1.328',
  '@openai/codex@0.169.0',
  '@google/gemini-cli@0.61.0',
];

/** test/support/cacheDir.ts's folder: BROWSER_DEBUG_CACHE, else ~/.cache/browser-debug. */
export function cacheDir(env = process.env) {
  return env.BROWSER_DEBUG_CACHE ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'browser-debug');
}

/**
 * Claude Code, Codex CLI and Gemini CLI from the npm registry, into the cache folder (about 860 MB and
 * 40 s once: far too big for the root devDependencies). Sets BROWSER_DEBUG_MCP_CLIENTS to their .bin folder.
 */
export function ensureMcpClients({ run = commandRunner(false), dryRun = false, env = process.env } = {}) {
  const folder = join(cacheDir(env), 'mcp-clients', MCP_CLIENT_PACKAGES.map((name) => name.split('@').pop()).join('-'));
  const bin = join(folder, 'node_modules', '.bin');
  const ready = () => ['claude', 'codex', 'gemini'].every((name) => existsSync(join(bin, name)));
  if (ready()) return { ok: true, note: `MCP clients: ${bin}`, env: { BROWSER_DEBUG_MCP_CLIENTS: bin } };
  if (!dryRun) mkdirSync(folder, { recursive: true });
  console.log(`MCP clients are missing: installing ${MCP_CLIENT_PACKAGES.join(', ')} into ${folder} (once).`);
  const installed = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', folder, ...MCP_CLIENT_PACKAGES],
    {
      cwd: folder,
    },
  ).ok;
  if (dryRun) return { ok: true, note: 'MCP clients: would be installed' };
  if (installed && ready())
    return { ok: true, note: `MCP clients: ${bin} (installed now)`, env: { BROWSER_DEBUG_MCP_CLIENTS: bin } };
  return {
    ok: false,
    note: `MCP clients could not be installed (see above): run npm install --prefix ${folder} ${MCP_CLIENT_PACKAGES.join(' ')}`,
  };
}

export const REQUIREMENTS = {
  chromium: ensureChromium,
  codeServer: ensureCodeServer,
  edge: ensureEdgeDependencies,
  mcpClients: ensureMcpClients,
};

/**
 * Suites a developer asked to leave out. BROWSER_DEBUG_SKIP_UI=1 leaves out everything that needs a
 * browser or VS Code; BROWSER_DEBUG_SKIP_VSCODE=1 only the VS Code suites (code-server's install).
 */
export function skipRequests(env = process.env) {
  const on = (value) => Boolean(value) && value !== '0' && value !== 'false';
  const requests = [];
  if (on(env.BROWSER_DEBUG_SKIP_UI))
    requests.push({ variable: 'BROWSER_DEBUG_SKIP_UI', needs: ['chromium', 'codeServer'] });
  if (on(env.BROWSER_DEBUG_SKIP_VSCODE))
    requests.push({ variable: 'BROWSER_DEBUG_SKIP_VSCODE', needs: ['codeServer'] });
  return requests;
}

/** The variable that asks to leave this step out, if any. */
export function skippedBy(step, requests) {
  return requests.find((request) => (step.needs ?? []).some((need) => request.needs.includes(need)))?.variable;
}
