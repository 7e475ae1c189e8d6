import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

export interface SpawnedHost {
  child: ChildProcess;
  port: Promise<number>;
  exited: Promise<void>;
  output(): string;
}

/** A connector (or any host script) in its own Node process, through tsx so no build is needed. */
export function spawnHost(args: string[], portOf: (output: string) => number | undefined): SpawnedHost {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER_DEBUG_LOG_LEVEL: 'warn' },
  });
  let output = '';
  const port = new Promise<number>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = portOf(output);
      if (found) done(found);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => fail(new Error(`host exited (${code}) before listening: ${output}`)));
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, port, exited, output: () => output };
}

/** `npm start` (src/cli.ts) on `port`, with the given extra flags. */
export function spawnCli(port: number, flags: string[]): SpawnedHost {
  return spawnHost(['src/cli.ts', '--port', String(port), ...flags], (output) =>
    output.includes('listening on') ? port : undefined,
  );
}

export async function kill9(host: SpawnedHost): Promise<void> {
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  host.child.kill('SIGKILL');
  await host.exited;
}

/** Resident set size of a process, from /proc (what the kernel charges it, not an estimate). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}
