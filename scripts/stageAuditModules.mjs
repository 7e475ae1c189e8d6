// Stages the node_modules that audits need at run time (Lighthouse, chrome-launcher and their
// production dependencies) into a folder for the VSIX, pruned from ~185 MB to what a Node API run
// loads. `node scripts/stageAuditModules.mjs --out DIR` writes DIR/node_modules and prints a table.
//
// Why each rule is safe is written next to it. The proof is test/audit/prunedTree.test.ts: it runs
// the connector from a copy of dist/ beside the staged folder, far from the repo's node_modules, and
// audits all four categories with HTML and JSON output.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['lighthouse', 'chrome-launcher'];

/** Whole packages never loaded when Lighthouse runs through its Node API (verified with strace on a full run). */
export const DROPPED_PACKAGES = {
  '@sentry/node':
    'error reporting: lighthouse/core/lib/sentry.js imports it dynamically only with --enable-error-reporting (CLI); takes @opentelemetry/* with it',
  yargs: 'the lighthouse CLI (lighthouse/cli) only',
  'yargs-parser': 'the lighthouse CLI only',
  enquirer: "the CLI's error-reporting prompt only",
  open: "the CLI's --view only",
  configstore: "the CLI's prompt memory only",
  'chromium-bidi':
    'WebDriver BiDi: puppeteer-core imports it dynamically only for protocol "webDriverBiDi"; we speak CDP',
  'devtools-protocol': 'TypeScript types and JSON schema; no runtime import',
  '@types/node': 'TypeScript types',
  'type-fest': 'TypeScript types',
};

/** Paths inside packages (relative to node_modules, `*` = any package) that no run reads. */
export const DROPPED_PATHS = [
  ['lighthouse/cli', 'the CLI; we call lighthouse/core'],
  ['lighthouse/flow-report/src', 'user-flow report sources (the generator reads only flow-report/assets)'],
  ['lighthouse/build', 'build scripts'],
  ['puppeteer-core/lib/cjs', 'the CommonJS build: Lighthouse and we import the ESM build (exports "import")'],
  ['puppeteer-core/lib/es5-iife', 'the browser bundle'],
  ['puppeteer-core/src', 'TypeScript sources of lib/'],
  ['@paulirish/trace_engine/test', 'tests'],
  ['@paulirish/trace_engine/locales', 'translations no file reads (Lighthouse passes its own en-US strings)'],
];

/** Files dropped wherever they are. */
const DROPPED_FILES = [
  [/\.d\.[cm]?ts$/, 'TypeScript declarations'],
  [/\.(js|mjs|cjs|css)\.map$|\.map$/, 'source maps'],
  [/\.(md|markdown)$|^(CHANGELOG|HISTORY|AUTHORS)(\.\w+)?$/i, 'documentation'],
  [/(^|\/)(test|tests|__tests__)\//, 'tests'],
  [/\.tsbuildinfo$|^tsconfig.*\.json$/, 'TypeScript build files'],
];

/** Lighthouse reads every locale file at start (shared/localization/locales.js), so the files stay as `{}`. */
const LIGHTHOUSE_LOCALES = 'lighthouse/shared/localization/locales';
const KEPT_LOCALE = 'en-US.json';

function resolvePackage(name, fromDir, top) {
  for (let dir = fromDir; dir.startsWith(top); dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === top) break;
  }
  return undefined;
}

/** Package folders (nested node_modules excluded) that Node would load from `roots`, minus dropped ones. */
export function dependencyClosure(root, roots = ROOTS) {
  const found = new Set();
  const visit = (dir) => {
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      if (name in DROPPED_PACKAGES) continue;
      const target = resolvePackage(name, dir, root);
      if (target) visit(target);
    }
  };
  for (const name of roots) visit(join(root, 'node_modules', name));
  return [...found];
}

function size(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0);
}

/** Why a file (path relative to node_modules, `/` separators) is left out, or undefined to keep it. */
export function dropReason(path) {
  for (const [prefix, why] of DROPPED_PATHS)
    if (path === prefix || path.startsWith(`${prefix}/`) || path.includes(`/node_modules/${prefix}/`)) return why;
  const name = path.slice(path.lastIndexOf('/') + 1);
  for (const [pattern, why] of DROPPED_FILES)
    if (pattern.test(pattern.source.includes('\\/') ? path : name)) return why;
  return undefined;
}

/** Copies the closure into `out/node_modules`, pruned; returns bytes per reason. */
export function stageAuditModules({ root = process.cwd(), out }) {
  const target = join(resolve(out), 'node_modules');
  rmSync(target, { recursive: true, force: true });
  const source = join(root, 'node_modules');
  const dropped = new Map();
  let kept = 0;
  const note = (why, bytes) => dropped.set(why, (dropped.get(why) ?? 0) + bytes);
  for (const dir of dependencyClosure(root)) {
    cpSync(dir, join(target, relative(source, dir)), {
      recursive: true,
      filter: (from) => {
        const rel = relative(source, from).split(sep).join('/');
        if (rel.includes('/node_modules/') && from !== dir && relative(dir, from).split(sep).includes('node_modules'))
          return false;
        const why = rel.includes('/') ? dropReason(rel) : undefined;
        const info = statSync(from);
        if (why) note(why, size(from));
        else if (!info.isDirectory()) kept += info.size;
        return !why;
      },
    });
  }
  const localeDir = join(target, LIGHTHOUSE_LOCALES);
  for (const name of readdirSync(localeDir).filter((file) => file.endsWith('.json') && file !== KEPT_LOCALE)) {
    const path = join(localeDir, name);
    const bytes = statSync(path).size;
    writeFileSync(path, '{}\n');
    kept -= bytes - 3;
    note('Lighthouse translations other than en-US, emptied to {} (we always pass locale en-US)', bytes - 3);
  }
  const droppedPackages = Object.keys(DROPPED_PACKAGES).filter((name) => existsSync(join(source, name)));
  return { target, keptBytes: kept, dropped: [...dropped].sort((a, b) => b[1] - a[1]), droppedPackages };
}

function main() {
  const index = process.argv.indexOf('--out');
  if (index < 0 || !process.argv[index + 1]) {
    console.error('Usage: node scripts/stageAuditModules.mjs --out DIR   (writes DIR/node_modules)');
    process.exit(2);
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const result = stageAuditModules({ root, out: process.argv[index + 1] });
  console.log(`Staged ${result.target}: ${mb(result.keptBytes)} kept.`);
  console.log('Packages left out (and everything only they need):');
  for (const name of result.droppedPackages) console.log(`  ${name}: ${DROPPED_PACKAGES[name]}`);
  console.log('Files left out inside kept packages:');
  for (const [why, bytes] of result.dropped) console.log(`  ${mb(bytes).padStart(8)}  ${why}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
