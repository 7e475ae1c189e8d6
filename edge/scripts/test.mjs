// `npm test` in edge/ (and the root runner's edge step): type-check the worker and the client,
// then run both vitest projects. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const steps = [
  ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'],
  ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.node.json'],
  ['node_modules/vitest/vitest.mjs', 'run'],
];

for (const args of steps) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    // A type error stops the run before vitest, so count it once in the root tally.
    if (args[0].includes('tsc') && process.env.TEST_TALLY_FILE) {
      const { appendFileSync } = await import('node:fs');
      appendFileSync(process.env.TEST_TALLY_FILE, JSON.stringify({ passed: 0, failed: 1, skipped: 0 }) + '\n');
    }
    process.exit(result.status ?? 1);
  }
}
