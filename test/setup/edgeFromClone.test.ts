/**
 * edge/README.md's steps, from a fresh clone without the root install: `cd edge && npm ci --ignore-scripts`,
 * then `npm test` (its type checks, and vitest files that load the shared contract). The shared wire contract (../src/shared) imports zod; with no root node_modules it must
 * resolve to the edge's own copy (tsconfig paths, the vitest alias, wrangler's [alias]). A root install hid
 * that once, so the clone here has none.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/** The tracked files of this checkout (what a clone holds, uncommitted edits included), nothing installed. */
function cloneInto(target: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(listed.status, 0, listed.stderr);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
}

function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', TEST_TALLY_FILE: '' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('the edge from a fresh clone, as edge/README.md says (no root npm install)', function () {
  this.timeout(15 * 60_000);
  let clone: string;

  before(() => {
    clone = mkdtempSync(join(tmpdir(), 'bd-edge-clone-'));
    cloneInto(clone);
  });
  after(() => clone && rmSync(clone, { recursive: true, force: true }));

  it('`cd edge && npm ci --ignore-scripts` is enough: both type checks, the workers and the node projects run', () => {
    assert.equal(existsSync(join(clone, 'node_modules')), false, 'the clone has no root install');
    const edge = join(clone, 'edge');
    const install = run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], edge);
    assert.equal(install.status, 0, install.output.slice(-3000));
    // `npm test` is these type checks, then vitest over both projects. The shared contract is what the root
    // install used to hide, so the vitest files here are those that load ../src/shared (the load tests are
    // the edge step's job in the root `npm test`).
    const typecheck = run('npm', ['run', 'typecheck'], edge);
    assert.doesNotMatch(typecheck.output, /Cannot find module 'zod'/);
    assert.equal(typecheck.status, 0, typecheck.output.slice(-5000));
    const vitest = run(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', 'test/workers/tunnel.test.ts', 'test/node/client.test.ts'],
      edge,
    );
    assert.doesNotMatch(vitest.output, /Cannot find (module|package) 'zod'/);
    assert.equal(vitest.status, 0, vitest.output.slice(-5000));
    assert.match(vitest.output, /Test Files\s+.*2 passed/);
  });
});
