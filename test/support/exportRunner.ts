import { createRequire } from 'node:module';
import { Script, createContext } from 'node:vm';
import ts from 'typescript';
import type { ExportFormat } from '../../src/shared/recordingExport';

/**
 * Runs an exported test's code with its runner stubbed: every runner object is a proxy that takes any
 * call and gives itself back, the test bodies are called, time runs fast. What the generated code does on
 * its own (a `require`, a file write) is real, so a page string that became code would act.
 */
export async function runExported(text: string, format: Exclude<ExportFormat, 'recorder-json'>): Promise<void> {
  const bodies: Promise<unknown>[] = [];
  const call = (fn: unknown, ...args: unknown[]) => {
    if (typeof fn === 'function') bodies.push(Promise.resolve().then(() => fn(...args)));
  };
  const test = Object.assign((_title: unknown, body: unknown) => call(body, { page: stub() }), { use: () => {} });
  const runners: Record<string, unknown> = { puppeteer: stub(), '@playwright/test': { test, expect: stub() } };
  const module = { exports: {} };
  let clock = Date.now();
  const context = createContext({
    require: (name: string) => runners[name] ?? realRequire(name),
    module,
    exports: module.exports,
    process: { env: {}, exit: () => {} },
    console: { error: () => {}, log: () => {} },
    Date: { now: () => (clock += 60_000) },
    setTimeout: (fn: () => void) => setImmediate(fn),
    clearTimeout: () => {},
    describe: (_title: unknown, body: unknown) => call(body),
    it: (_title: unknown, body: unknown) => call(body),
    cy: stub(),
    Cypress: { env: () => undefined },
    expect: stub(),
  });
  const code =
    format === 'playwright'
      ? ts.transpileModule(text, {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
        }).outputText
      : text;
  const completion: unknown = new Script(code, { filename: `exported.${format}.js` }).runInContext(context);
  await completion;
  // Bodies may start more bodies (describe → it): wait until none is left.
  for (let done = 0; done < bodies.length; done++) await bodies[done]!.catch(() => undefined);
}

const realRequire = createRequire(__filename);

/** Any property, any call, any `new`: itself. Not a thenable, so `await stub` is the stub. */
function stub(): unknown {
  const proxy: unknown = new Proxy(function () {}, {
    get: (_target, key) => {
      if (key === 'then') return undefined;
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === Symbol.iterator) return function* () {};
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
  });
  return proxy;
}
