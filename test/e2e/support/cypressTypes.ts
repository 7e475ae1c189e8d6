import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CACHE_DIR } from '../../support/cacheDir';
import { run } from './exportProject';

/** The Cypress release whose types the exported specs are checked against. */
export const CYPRESS_VERSION = '15.3.0';

const DIR = join(CACHE_DIR, `cypress-types-${CYPRESS_VERSION}`);
const TSC = resolve(__dirname, '../../../node_modules/typescript/bin/tsc');

/**
 * Cypress's npm package from the registry, installed once into the cache. Its binary comes from
 * download.cypress.io, which this machine cannot reach, so CYPRESS_INSTALL_BINARY=0: the package brings its types
 * (cy, Cypress, mocha and chai globals), and no spec can run here.
 */
async function cypressPackage(): Promise<string> {
  if (existsSync(join(DIR, 'node_modules/cypress/types/index.d.ts'))) return DIR;
  mkdirSync(CACHE_DIR, { recursive: true });
  const staging = mkdtempSync(join(CACHE_DIR, '.cypress-types-'));
  try {
    writeFileSync(join(staging, 'package.json'), JSON.stringify({ name: 'bd-cypress-types', private: true }));
    const args = ['install', '--no-audit', '--no-fund', `cypress@${CYPRESS_VERSION}`];
    const installed = await run('npm', args, staging, { CYPRESS_INSTALL_BINARY: '0' });
    if (installed.code) throw new Error(`npm ${args.join(' ')} failed:\n${installed.output.slice(-2000)}`);
    rmSync(DIR, { recursive: true, force: true });
    renameSync(staging, DIR);
    return DIR;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Type-checks an exported Cypress spec (JavaScript) in a user's project as `tsc --checkJs` would, strict,
 * against Cypress's own types: tsc's exit code and output.
 */
export async function typeCheckCypressSpec(fileName: string, text: string): Promise<{ code: number; output: string }> {
  const packageDir = await cypressPackage();
  const project = mkdtempSync(join(tmpdir(), 'bd-cypress-project-'));
  try {
    symlinkSync(join(packageDir, 'node_modules'), join(project, 'node_modules'));
    mkdirSync(join(project, 'cypress/e2e'), { recursive: true });
    writeFileSync(join(project, 'cypress/e2e', fileName), text);
    const compilerOptions = {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      strict: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: ['cypress'],
      skipLibCheck: true,
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['cypress/e2e/*.js'] }));
    return await run(process.execPath, [TSC, '-p', project], project, {});
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
