/**
 * Real dev servers from the npm registry, as users run them: created and installed once into a cache
 * outside the repo (`apps/<name>-<version>` in the test cache, test/support/cacheDir.ts, or BROWSER_DEBUG_APPS_DIR), pinned,
 * and reused while present. A warm machine starts them in seconds; a fresh one installs first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { freePortRun } from '../../support/ports';
import { until } from '../../support/until';
import { CACHE_DIR } from '../../support/cacheDir';

export const APPS_DIR = process.env.BROWSER_DEBUG_APPS_DIR ?? join(CACHE_DIR, 'apps');

export interface DevApp {
  /** Folder name in the cache, e.g. `vite-react-ts-9.3.0`. */
  id: string;
  /** Package versions pinned for the README's table. */
  versions: Record<string, string>;
  /** Scaffolds and installs into `dir` (an empty temp folder inside APPS_DIR). */
  install(dir: string): Promise<void>;
  /** Fixture sources, written on every run (cheap), relative to the app folder. */
  files: Record<string, string>;
  /** The dev server command (run with node) for a port. */
  serve(port: number): string[];
}

export interface RunningApp {
  dir: string;
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

/** The app's folder, installing it first when the cache does not hold it yet. */
export async function ensureApp(app: DevApp): Promise<string> {
  const dir = join(APPS_DIR, app.id);
  if (!existsSync(join(dir, '.complete'))) {
    mkdirSync(APPS_DIR, { recursive: true });
    const staging = mkdtempSync(join(APPS_DIR, `.${app.id}-`));
    try {
      await app.install(staging);
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
      writeFileSync(join(dir, '.complete'), JSON.stringify(app.versions));
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  }
  for (const [path, text] of Object.entries(app.files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  }
  return dir;
}

/** Starts the dev server on a free port and waits until it serves the page. */
export async function startApp(app: DevApp, timeoutMs = 120_000): Promise<RunningApp> {
  const dir = await ensureApp(app);
  const port = await freePortRun(1);
  const child = spawn(process.execPath, app.serve(port), {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER: 'none', NO_COLOR: '1', NEXT_TELEMETRY_DISABLED: '1' },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await until(
      async () => child.exitCode === null && (await status(`${origin}/`)) === 200,
      timeoutMs,
      `${app.id} to serve ${origin}/`,
      200,
    );
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}; exit ${child.exitCode}; output:\n${output.slice(-3000)}`, {
      cause: error,
    });
  }
  return { dir, origin, output: () => output, stop: () => stop(child) };
}

/** Runs a command (npm, npx) and fails with its output when it fails. */
export function run(command: string, args: string[], cwd: string, timeoutMs = 600_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_yes: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${code}) in ${cwd}:\n${output.slice(-3000)}`));
    });
  });
}

/** A status code over node:http with an explicit timeout (0 when nothing answers). */
function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await closed;
  clearTimeout(timer);
}

/** Rewrites package.json's dependencies to exact versions (templates use ranges) and drops the rest. */
export function pinDependencies(
  dir: string,
  dependencies: Record<string, string>,
  devDependencies: Record<string, string>,
): void {
  const file = join(dir, 'package.json');
  const pkg = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : { name: 'bd-fixture', private: true };
  writeFileSync(file, JSON.stringify({ ...pkg, dependencies, devDependencies }, null, 2));
}
