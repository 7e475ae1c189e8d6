// Builds the VSIX from a staging folder: the allowlisted files, plus Lighthouse's modules staged and
// pruned (scripts/stageAuditModules.mjs) into dist/node_modules, so audits work from the installed VSIX alone.
// Usage: node scripts/packageVsix.mjs [out.vsix]   (after a build and packageBrowserExtension.mjs)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stageAuditModules } from './stageAuditModules.mjs';

const root = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? join(root, 'dist', 'browser-debug.vsix'));
const staging = join(root, 'out', 'vsix-staging');

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
for (const entry of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media', 'dist']) {
  cpSync(join(root, entry), join(staging, entry), { recursive: true, filter: (path) => !path.endsWith('.vsix') });
}
// vsce never packs a top-level node_modules without --dependencies, so the modules sit in
// dist/node_modules, where Node finds them first from dist/connectorRuntime.js.
stageAuditModules({ root, out: join(staging, 'dist') });
writeFileSync(
  join(staging, '.vscodeignore'),
  readFileSync(join(root, '.vscodeignore'), 'utf8') + '!dist/node_modules/**\n',
);
execFileSync(
  process.execPath,
  [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--out', out],
  { cwd: staging, stdio: 'inherit' },
);
console.log(`${out}: ${(statSync(out).size / 1024 / 1024).toFixed(2)} MB`);
