// `npm test`: every check and every suite, one after another (the machine has 2 cores), ending with
// one line that adds them all up. It sets up what the suites need (scripts/testSetup.mjs) before the
// first suite that needs it; suites are left out only when asked (BROWSER_DEBUG_SKIP_UI=1), and the
// closing line says so. `--setup-only` stops after the set-up; `--dry-run` only says what it would do.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandRunner, REQUIREMENTS, skippedBy, skipRequests } from './testSetup.mjs';

const setupOnly = process.argv.includes('--setup-only');
const dryRun = process.argv.includes('--dry-run');
const tallyDir = mkdtempSync(join(tmpdir(), 'bd-tally-'));
const tallyFile = join(tallyDir, 'tally.jsonl');
const mocha = ['node_modules/mocha/bin/mocha.js', '--config', 'test/.mocharc.cjs'];

function hasTests(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((name) => String(name).endsWith('.test.ts'));
}

const steps = [
  { name: 'typecheck', command: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'] },
  {
    name: 'typecheck browser-extension',
    command: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'browser-extension'],
  },
  { name: 'lint', command: ['node_modules/eslint/bin/eslint.js', '.'] },
  { name: 'format', command: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
  { name: 'build', command: ['scripts/build.mjs'] },
  { name: 'unit', command: [...mocha, 'test/unit/**/*.test.ts'], when: () => hasTests('test/unit') },
  {
    name: 'e2e',
    command: [...mocha, 'test/e2e/**/*.test.ts'],
    needs: ['chromium', 'mcpClients'],
    when: () => hasTests('test/e2e'),
  },
  // Connector and browser extension against `wrangler dev --local`: needs the edge's dependencies.
  {
    name: 'remote',
    command: [...mocha, 'test/remote/**/*.test.ts'],
    needs: ['chromium', 'edge'],
    when: () => hasTests('test/remote'),
  },
  // Real Lighthouse runs (6–10 s each): after the quick suites, so their failures show first.
  {
    name: 'audits',
    command: [...mocha, 'test/audit/**/*.test.ts'],
    needs: ['chromium'],
    when: () => hasTests('test/audit'),
  },
  // code-server's install from an empty cache folder (CI, or BROWSER_DEBUG_SETUP_TEST=1): proves the set-up itself.
  { name: 'set-up', command: [...mocha, 'test/setup/**/*.test.ts'], when: () => hasTests('test/setup') },
  // Its hybrid-mode test talks to `wrangler dev`, so it needs the edge's dependencies too.
  {
    name: 'vscode',
    command: [...mocha, 'test/vscode/*.test.ts'],
    needs: ['chromium', 'codeServer', 'edge'],
    when: () => hasTests('test/vscode'),
  },
  // The edge worker's type check, then its vitest projects, which add their counts to the tally.
  { name: 'edge', cwd: 'edge', needs: ['edge'], command: ['scripts/test.mjs'] },
];

/** Each requirement is set up once, by the first step that needs it. */
const setups = new Map();
function setUp(need) {
  if (!setups.has(need)) {
    const result = REQUIREMENTS[need]({ run: commandRunner(dryRun), dryRun });
    console.log(result.ok ? `  ${result.note}` : result.note);
    setups.set(need, result);
  }
  return setups.get(need);
}

const requests = skipRequests();
const failedSteps = [];
const skippedSteps = new Map();
for (const step of steps) {
  if (step.when && !step.when()) continue;
  const skipVariable = skippedBy(step, requests);
  if (skipVariable) {
    skippedSteps.set(step.name, skipVariable);
    continue;
  }
  if (setupOnly && !step.needs) continue;
  console.log(`\n── ${step.name} ──`);
  const setupResults = (step.needs ?? []).map(setUp);
  if (setupResults.some((result) => !result.ok)) {
    failedSteps.push(step.name);
    continue;
  }
  if (setupOnly) continue;
  const env = {
    ...process.env,
    ...Object.assign({}, ...setupResults.map((result) => result.env)),
    TEST_TALLY_FILE: tallyFile,
  };
  const result = spawnSync(process.execPath, step.command, { stdio: 'inherit', cwd: step.cwd, env });
  if (result.status !== 0) failedSteps.push(step.name);
}

const tally = { passed: 0, failed: 0, skipped: 0 };
const failedTests = [];
if (existsSync(tallyFile)) {
  for (const line of readFileSync(tallyFile, 'utf8').split('\n').filter(Boolean)) {
    const counts = JSON.parse(line);
    for (const key of Object.keys(tally)) tally[key] += counts[key];
    failedTests.push(...(counts.failedTests ?? []));
  }
}
rmSync(tallyDir, { recursive: true, force: true });

/** e.g. "; not run, as asked by BROWSER_DEBUG_SKIP_UI=1: e2e, remote, audits, vscode" */
function skippedNote() {
  const byVariable = new Map();
  for (const [name, variable] of skippedSteps) byVariable.set(variable, [...(byVariable.get(variable) ?? []), name]);
  return [...byVariable]
    .map(([variable, names]) => `; not run, as asked by ${variable}=1: ${names.join(', ')}`)
    .join('');
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
for (const title of failedTests) console.log(`  ✘ ${title}`);
console.log(`\ntotal: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped${skippedNote()}`);
process.exit(failedSteps.length ? 1 : 0);
