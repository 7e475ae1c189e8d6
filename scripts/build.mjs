// One build script, one esbuild context per target. `--watch` keeps them all rebuilding.
import * as esbuild from 'esbuild';
import { Buffer } from 'node:buffer';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { inPageSourcePlugin } from './inPageSource.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Loaded at run time from node_modules: Lighthouse reads files beside itself; ws's natives are optional; @puppeteer/replay's runner (puppeteer) is never loaded: we use its parser only. */
const nodeExternals = ['vscode', 'lighthouse', 'chrome-launcher', 'bufferutil', 'utf-8-validate', 'puppeteer'];
/** DevTools' trace engine is its own bundle (dist/traceEngine.js), loaded on the first performance trace. */
const bundleExternals = [...nodeExternals, '@paulirish/trace_engine'];

/**
 * The page hook's sourceURL, from its one definition in src/shared/stackFrames.ts (whose stack parser skips
 * frames by it): that module bundled in memory and loaded here.
 */
async function pageHookSourceUrl() {
  const { outputFiles } = await esbuild.build({
    entryPoints: ['src/shared/stackFrames.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  const code = Buffer.from(outputFiles[0].text).toString('base64');
  const { PAGE_HOOK_SOURCE_URL } = await import(`data:text/javascript;base64,${code}`);
  if (typeof PAGE_HOOK_SOURCE_URL !== 'string' || !PAGE_HOOK_SOURCE_URL)
    throw new Error('src/shared/stackFrames.ts no longer exports PAGE_HOOK_SOURCE_URL');
  return PAGE_HOOK_SOURCE_URL;
}

const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', legalComments: 'none' };

/** The Node bundles (extension host, connector runtime, CLI, stdio MCP bin): one file each, CommonJS. */
const node = (entryPoints, external = bundleExternals) => ({
  ...common,
  entryPoints,
  outdir: 'dist',
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  // jsonc-parser's default entry is a UMD build whose inner requires esbuild cannot follow; its ESM build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
});

const targets = [
  // The connector runtime is its own bundle, loaded after activation (keeps activation small).
  node({ extension: 'src/extension.ts' }, [...bundleExternals, './connectorRuntime.js']),
  node({ connectorRuntime: 'src/connectorRuntime.ts' }),
  node({ cli: 'src/cli.ts' }),
  node({ mcp: 'src/mcp/stdio.ts' }),
  node({ browserDebug: 'src/browserDebugCli.ts' }),
  node({ traceEngine: 'src/connector/performance/traceEngineBundle.mts' }, nodeExternals),
  // Trace analysis runs on a worker thread of its own (it loads dist/traceEngine.js there).
  node({ traceWorker: 'src/connector/performance/traceWorker.ts' }),
  // Leak analysis (MemLab) runs on a worker thread of its own too; MemLab's puppeteer import is a stub there.
  {
    ...node({ leakWorker: 'src/connector/leaks/leakWorker.ts' }),
    alias: {
      puppeteer: './src/connector/leaks/puppeteerStub.ts',
      'puppeteer-core': './src/connector/leaks/puppeteerStub.ts',
    },
    external: nodeExternals.filter((name) => name !== 'puppeteer'),
  },
  {
    ...common,
    entryPoints: { dashboard: 'webview-ui/src/dashboard.ts', replayViewer: 'webview-ui/src/replayViewer.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: {
      background: 'browser-extension/src/background/main.ts',
      relay: 'browser-extension/src/content/relay.ts',
      bodyHook: 'browser-extension/src/content/bodyHook.ts',
      recorder: 'browser-extension/src/content/recorder.ts',
      picker: 'browser-extension/src/content/picker.ts',
      recorderDialogs: 'browser-extension/src/content/recording/dialogHook.ts',
      devtools: 'browser-extension/src/devtools/devtools.ts',
      popup: 'browser-extension/src/popup/popup.ts',
      options: 'browser-extension/src/options/options.ts',
      offscreen: 'browser-extension/src/offscreen/videoEncoder.ts',
    },
    outdir: 'dist/browser-extension',
    platform: 'browser',
    format: 'iife',
    target: 'chrome116',
    // `inpage:NAME` imports: modules (with their libraries) embedded as text in code evaluated in the page.
    plugins: [inPageSourcePlugin],
  },
  {
    // The page hook runs in the page's world and calls the page's console from its wrapper. Chrome reports
    // every console call whose top frame is a chrome-extension:// script to the browser with a full stack
    // (for the extension's error list), which doubled the cost of a page's console.log. Named by sourceURL,
    // the wrapper's frame is not an extension's; src/shared/stackFrames.ts skips frames with this name.
    // No source map: a sourceURL would make DevTools look for it beside that name.
    ...common,
    sourcemap: false,
    entryPoints: { pageHook: 'browser-extension/src/content/pageHook.ts' },
    outdir: 'dist/browser-extension',
    platform: 'browser',
    format: 'iife',
    target: 'chrome116',
    footer: { js: `//# sourceURL=${await pageHookSourceUrl()}` },
  },
];

/** The unpacked extension folder: static files plus a manifest carrying the package version. */
function copyBrowserExtensionStatic() {
  const out = 'dist/browser-extension';
  mkdirSync(out, { recursive: true });
  cpSync('browser-extension/static', out, { recursive: true });
  const manifest = JSON.parse(readFileSync('browser-extension/static/manifest.json', 'utf8'));
  manifest.version = JSON.parse(readFileSync('package.json', 'utf8')).version;
  writeFileSync(`${out}/manifest.json`, JSON.stringify(manifest, null, 2));
}

// A release build starts clean, so no stale source map or old bundle ends up in the VSIX.
if (production) rmSync('dist', { recursive: true, force: true });
copyBrowserExtensionStatic();
mkdirSync('dist/webview', { recursive: true });
cpSync('webview-ui/src/dashboard.css', 'dist/webview/dashboard.css');
cpSync('webview-ui/src/replayViewer.css', 'dist/webview/replayViewer.css');
// Codicons for the webviews: the stylesheet and the font it names, served from the webview's own root.
for (const file of ['codicon.css', 'codicon.ttf'])
  cpSync(`node_modules/@vscode/codicons/dist/${file}`, `dist/webview/${file}`);
const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
if (watch) {
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('watching for changes…');
} else {
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
}
