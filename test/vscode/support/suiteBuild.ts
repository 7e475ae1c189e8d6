import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const ROOT = resolve(__dirname, '../../..');
export const SUITE_OUT = join(ROOT, 'out', 'vscode-suite');

/** Bundles the in-host mocha suites (one file each, so mocha can add them) into out/vscode-suite. */
export async function buildSuite(): Promise<void> {
  const dir = join(ROOT, 'test', 'vscode', 'suite');
  const entryPoints = readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));
  await build({
    entryPoints,
    outdir: SUITE_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

/** A throwaway copy of the fixture workspace, so results and edits never touch the repository. */
export function copyWorkspace(): string {
  const folder = mkdtempSync(join(tmpdir(), 'bd-workspace-'));
  cpSync(join(ROOT, 'test', 'vscode', 'fixtures', 'workspace'), folder, { recursive: true });
  return folder;
}
