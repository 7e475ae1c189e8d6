// `npm test`: every check and every suite, one after another (the machine has 2 cores),
// ending with one line that adds them all up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tallyDir = mkdtempSync(join(tmpdir(), 'bd-tally-'));
const tallyFile = join(tallyDir, 'tally.jsonl');
const mocha = ['node_modules/mocha/bin/mocha.js', '--config', 'test/.mocharc.cjs'];

function hasTests(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((name) => String(name).endsWith('.test.ts'));
}

// The edge worker is its own package: `npm install` at the root does not install it, so the first
// step that needs it does (from the npm registry, scripts off as in .ci/run).
const edgeDeps = {
  path: 'edge/node_modules/vitest/vitest.mjs',
  install: ['npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: 'edge', stdio: 'inherit' }],
  hint: 'edge dependencies are missing and could not be installed: run (cd edge && npm ci --ignore-scripts --no-audit --no-fund)',
};

const steps = [
  { name: 'typecheck', command: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'] },
  { name: 'typecheck browser-extension', command: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'browser-extension'] },
  { name: 'lint', command: ['node_modules/eslint/bin/eslint.js', '.'] },
  { name: 'build', command: ['scripts/build.mjs'] },
  { name: 'unit', command: [...mocha, 'test/unit/**/*.test.ts'], when: () => hasTests('test/unit') },
  { name: 'e2e', command: [...mocha, 'test/e2e/**/*.test.ts'], when: () => hasTests('test/e2e') },
  // Connector and browser extension against `wrangler dev --local`: needs the edge's dependencies.
  { name: 'remote', command: [...mocha, 'test/remote/**/*.test.ts'], requires: edgeDeps, when: () => hasTests('test/remote') },
  // Real Lighthouse runs (6–10 s each): after the quick suites, so their failures show first.
  { name: 'audits', command: [...mocha, 'test/audit/**/*.test.ts'], when: () => hasTests('test/audit') },
  // Its hybrid-mode test talks to `wrangler dev`, so it needs the edge's dependencies too.
  { name: 'vscode', command: [...mocha, 'test/vscode/*.test.ts'], requires: edgeDeps, when: () => hasTests('test/vscode') },
  // The edge worker is its own package (edge/package.json; .ci/run installs its dependencies):
  // its type check, then its vitest projects, which add their counts to the tally.
  { name: 'edge', cwd: 'edge', requires: edgeDeps, command: ['scripts/test.mjs'] },
];

const failedSteps = [];
for (const step of steps) {
  if (step.when && !step.when()) continue;
  console.log(`\n── ${step.name} ──`);
  if (step.requires && !existsSync(step.requires.path)) spawnSync(...step.requires.install);
  if (step.requires && !existsSync(step.requires.path)) {
    console.log(step.requires.hint);
    failedSteps.push(step.name);
    continue;
  }
  const env = { ...process.env, ...step.env, TEST_TALLY_FILE: tallyFile };
  const result = spawnSync(process.execPath, step.command, { stdio: 'inherit', cwd: step.cwd, env });
  if (result.status !== 0) failedSteps.push(step.name);
}

const tally = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(tallyFile)) {
  for (const line of readFileSync(tallyFile, 'utf8').split('\n').filter(Boolean)) {
    const counts = JSON.parse(line);
    for (const key of Object.keys(tally)) tally[key] += counts[key];
  }
}
rmSync(tallyDir, { recursive: true, force: true });

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntotal: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
