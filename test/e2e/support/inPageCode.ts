import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The texts the browser extension evaluates inside a page, made as its build makes them (esbuild with the
 * `inpage:` plugin, from the same sources): DevTools' description of an element, and the inspection's page side.
 */
export interface InPageCode {
  /** The expression DevTools evaluates to describe the element `target` (an expression, `$0` in DevTools). */
  describeSource(target: string): string;
  /** The first inspection's function declaration, called with the element as `this`. */
  FACTS_ON_THIS: string;
  /** The declaration that makes the kept inspection function in the element's frame. */
  MAKE_FACTS: string;
}

export async function inPageCode(): Promise<InPageCode> {
  const { inPageSourcePlugin } = await import('../../../scripts/inPageSource.mjs');
  const { outputFiles } = await build({
    stdin: {
      contents: [
        "export { describeSource } from './browser-extension/src/devtools/elementInfo';",
        "export { FACTS_ON_THIS, MAKE_FACTS } from './browser-extension/src/background/inspection/factsSource';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'browser',
    target: 'chrome116',
    plugins: [inPageSourcePlugin],
    logLevel: 'warning',
  });
  const module = { exports: {} as InPageCode };
  new Function('module', 'exports', outputFiles[0]!.text)(module, module.exports);
  return module.exports;
}
