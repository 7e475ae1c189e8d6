import type { Plugin } from 'esbuild';

/** browser-extension/src/inPage/NAME.ts bundled into one expression whose value is its exports. */
export function inPageSource(name: string): Promise<string>;
/** Resolves `import source from 'inpage:NAME'` to that expression, as a string. */
export const inPageSourcePlugin: Plugin;
