/**
 * Settled RSS and RSS after a full GC, for a server started with MEMORY_PROBE_FLAGS: on SIGUSR2 the
 * preloaded bench/memoryReport.cjs writes process.memoryUsage() before and after a forced GC. The
 * settled figure is what a user sees (no GC forced); the after-GC one says how much of it is garbage.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rssMb, type Server } from './peers';

export const MEMORY_PROBE_FLAGS = ['--expose-gc', '-r', resolve(__dirname, 'memoryReport.cjs')];
/** Read by memoryReport.cjs in every server this process starts. */
const FILE = join(tmpdir(), `bd-bench-mem-${process.pid}.json`);
process.env.BENCH_MEM_FILE = FILE;

export interface Usage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export async function settle(ms = 2000): Promise<void> {
  await new Promise((done) => setTimeout(done, ms));
}

/** Forces a full GC in `server`: its memoryUsage() before and after, and its RSS after (MB). */
export async function collectGarbage(server: Server): Promise<{ before: Usage; after: Usage; rssAfterGc: number }> {
  rmSync(FILE, { force: true });
  server.child.kill('SIGUSR2');
  while (!existsSync(FILE)) await new Promise((done) => setTimeout(done, 20));
  await new Promise((done) => setTimeout(done, 50));
  const usage = JSON.parse(readFileSync(FILE, 'utf8')) as { before: Usage; after: Usage };
  rmSync(FILE, { force: true });
  return { ...usage, rssAfterGc: rssMb(server.child.pid!) };
}
