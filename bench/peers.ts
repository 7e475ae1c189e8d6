/**
 * Peer tools for side-by-side benchmarks, installed from the npm registry into a cache folder
 * (peers/NAME-VERSION in the test cache, test/support/cacheDir.ts), never as project dependencies.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { CACHE_DIR } from '../test/support/cacheDir';
import { join, resolve } from 'node:path';

const PEERS = process.env.BROWSER_DEBUG_PEERS ?? join(CACHE_DIR, 'peers');

/** The anchor of issue 14: AgentDesk's browser-tools-server, its HTTP ingest workload. */
export const ANCHOR = {
  name: '@agentdeskai/browser-tools-server',
  version: '1.2.0',
  label: 'browser-tools-server 1.2.0',
};
export const AUTOCANNON = { name: 'autocannon', version: '8.0.0' };

/** The package's folder, installing it (once, cached) if needed. */
export function ensurePeer(peer: { name: string; version: string }): string {
  const dir = join(PEERS, `${peer.name.replace(/^@[^/]+\//, '')}-${peer.version}`);
  const packageDir = join(dir, 'node_modules', peer.name);
  if (existsSync(join(dir, '.complete'))) return packageDir;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  process.stderr.write(`Installing ${peer.name}@${peer.version} into ${dir} …\n`);
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `${peer.name}@${peer.version}`],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  writeFileSync(join(dir, '.complete'), new Date().toISOString());
  return packageDir;
}

/** The benchmark's own server processes: ours (dist/cli.js) and the anchor, each on its own port. */
export interface Server {
  label: string;
  port: number;
  child: ChildProcess;
}

export function randomPort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

/** Our standalone connector in its own process. Extra node flags (e.g. --cpu-prof) go first; `env` adds to ours (e.g. XDG_STATE_HOME for a clean state folder). */
export function startOurs(port = randomPort(), nodeFlags: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = spawn(process.execPath, [...nodeFlags, resolve(__dirname, '../dist/cli.js'), '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  return ready({ label: 'Browser Debug', port, child });
}

/** The anchor as its users start it, bound to loopback; its per-request logging goes to /dev/null. Extra node flags go first. */
export function startAnchor(port = randomPort(), nodeFlags: string[] = []): Promise<Server> {
  const entry = join(
    ensurePeer(ANCHOR),
    JSON.parse(readFileSync(join(ensurePeer(ANCHOR), 'package.json'), 'utf8')).bin['browser-tools-server'],
  );
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), SERVER_HOST: '127.0.0.1' },
  });
  return ready({ label: ANCHOR.label, port, child });
}

/** A node:http server that only parses each body (bench/fixtures/bareIngestServer.cjs): the load client's ceiling. */
export function startBare(port = randomPort()): Promise<Server> {
  const child = spawn(process.execPath, [resolve(__dirname, 'fixtures/bareIngestServer.cjs'), String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return ready({ label: 'a bare node:http server', port, child });
}

/** Resolves once the server answers `/.identity` (all three do), or fails if it exits first. */
async function ready(server: Server): Promise<Server> {
  const exited = new Promise<never>((_, fail) =>
    server.child.once('exit', (code) => fail(new Error(`${server.label} exited with code ${code} before it answered`))),
  );
  const started = Date.now();
  for (;;) {
    const up = await Promise.race([probe(server.port), exited]);
    if (up) return server;
    if (Date.now() - started > 30_000)
      throw new Error(`${server.label} did not answer on port ${server.port} within 30 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function probe(port: number): Promise<boolean> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/.identity', timeout: 1000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(false));
    req.end();
  });
}

export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGINT');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Resident set size of a process, from /proc: what the operating system charges it. */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}
