import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const QUIET = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
  NO_COLOR: '1',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface DevServer {
  url: string;
  /** Process group of wrangler and its workerd. */
  pid: number;
  /** Its local state folder (D1, Durable Objects). */
  state: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `wrangler dev --local` on loopback with a fresh local D1 (migrated like a deployment) and state.
 * `edgeDir` is the edge package (the root suites pass it; edge's own run from inside it).
 */
export async function startWranglerDev(secret: string, edgeDir = process.cwd()): Promise<DevServer> {
  const WRANGLER = join(edgeDir, 'node_modules/wrangler/bin/wrangler.js');
  const state = mkdtempSync(join(tmpdir(), 'bd-edge-'));
  const migrate = spawnSync(
    process.execPath,
    [WRANGLER, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state],
    { cwd: edgeDir, env: QUIET, encoding: 'utf8' },
  );
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stdout}${migrate.stderr}`);
  const port = await freePort();
  const inspector = await freePort();
  const args = [
    WRANGLER,
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspector),
    '--persist-to',
    state,
    '--var',
    `JWT_SECRET:${secret}`,
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
  ];
  const child = spawn(process.execPath, args, {
    cwd: edgeDir,
    env: QUIET,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail: a long run under load can print far more than a string can hold.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-64 * 1024));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    pid: child.pid!,
    state,
    output: () => output,
    stop: async () => {
      await stopGroup(child);
      rmSync(state, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited: ${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopGroup(child);
  throw new Error(`wrangler dev did not become healthy: ${output()}`);
}

/** wrangler starts workerd as a child: end the whole process group, and wait for it. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/** A fresh account on `url`, as POST /auth/register makes it: its id and first API key. */
export async function registerAccount(url: string, name: string): Promise<{ accountId: string; apiKey: string }> {
  const res = await fetch(`${url}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`,
      password: 'a long enough password',
      name,
    }),
  });
  const body = (await res.json()) as { data: { apiKey: { key: string }; account: { id: string } } };
  return { accountId: body.data.account.id, apiKey: body.data.apiKey.key };
}
