import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** Runs a command in the test project; resolves with its exit code and output (it never rejects). */
export function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const started = Date.now();
  return new Promise<{ code: number; output: string }>((done) =>
    execFile(command, args, { cwd, env: { ...process.env, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? Number(error.code ?? 1) || 1 : 0;
      console.log(`      ${[command.split('/').pop(), ...args].join(' ')}: exit ${code} in ${Date.now() - started} ms`);
      done({ code, output: `${stdout}\n${stderr}` });
    }),
  );
}

/**
 * A project as a user has one: a playwright.config.ts with its testDir, and the runners in its
 * node_modules (links to ours). `puppeteer` is puppeteer-core with this machine's Chromium, as the
 * full package would bring its own browser; the exported script does not know the difference.
 */
export function makeProject(executable: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bd-export-project-'));
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/puppeteer'));
  for (const name of ['@playwright', 'playwright', 'playwright-core', 'puppeteer-core'])
    symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  symlinkSync('../@playwright/test/cli.js', join(dir, 'node_modules/.bin/playwright'));
  writeFileSync(
    join(dir, 'node_modules/puppeteer/index.js'),
    `const core = require('puppeteer-core');
module.exports = { ...core, Locator: core.Locator, launch: (options = {}) =>
  core.launch({ executablePath: ${JSON.stringify(executable)}, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], ...options }) };\n`,
  );
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: './e2e/specs',
  workers: 1,
  reporter: 'line',
  use: { headless: true, launchOptions: { executablePath: ${JSON.stringify(executable)}, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] } },
});\n`,
  );
  return dir;
}
