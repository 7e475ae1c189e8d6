// An esbuild plugin for source that runs inside the page as text (DevTools' inspectedWindow.eval, CDP's
// callFunctionOn), where a bundled library cannot be imported: `import source from 'inpage:NAME'` gives
// browser-extension/src/inPage/NAME.ts, its imports bundled in, as one JavaScript expression whose value is
// that module's exports. The expression declares nothing outside itself, so the page's `window` is untouched.
import * as esbuild from 'esbuild';
import { URL, fileURLToPath } from 'node:url';

const IN_PAGE_DIR = fileURLToPath(new URL('../browser-extension/src/inPage/', import.meta.url));
const GLOBAL = '__inPageModule';

/** One in-page module bundled (minified, for the page's own target) into an expression. */
export async function inPageSource(name) {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`inpage:${name}: not a module name in browser-extension/src/inPage`);
  const { outputFiles } = await esbuild.build({
    entryPoints: [`${IN_PAGE_DIR}${name}.ts`],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: GLOBAL,
    platform: 'browser',
    target: 'chrome116',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const text = outputFiles[0].text.trim();
  const match = new RegExp(`^(?:"use strict";)?var ${GLOBAL}=([\\s\\S]*);$`).exec(text);
  if (!match) throw new Error(`inpage:${name}: esbuild's IIFE no longer starts with "var ${GLOBAL}="`);
  return `(${match[1]})`;
}

/** The plugin: resolves `inpage:NAME` imports to a module whose default export is that expression. */
export const inPageSourcePlugin = {
  name: 'in-page-source',
  setup(build) {
    build.onResolve({ filter: /^inpage:/ }, (args) => ({
      path: args.path.slice('inpage:'.length),
      namespace: 'inpage',
    }));
    build.onLoad({ filter: /.*/, namespace: 'inpage' }, async (args) => ({
      contents: `export default ${JSON.stringify(await inPageSource(args.path))};`,
      loader: 'js',
      watchFiles: [`${IN_PAGE_DIR}${args.path}.ts`],
    }));
  },
};
