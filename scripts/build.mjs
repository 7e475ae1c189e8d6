// One build script, one esbuild context per target. `--watch` keeps them all rebuilding.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Loaded at run time from node_modules: Lighthouse reads files beside itself; ws's natives are optional. */
const nodeExternals = ['vscode', 'lighthouse', 'chrome-launcher', 'bufferutil', 'utf-8-validate'];

const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', legalComments: 'none' };

const targets = [
  {
    ...common,
    entryPoints: { cli: 'src/cli.ts' },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: nodeExternals,
  },
];

const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
if (watch) {
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('watching for changes…');
} else {
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
}
