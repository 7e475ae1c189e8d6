import { createServer } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { contentType, listenOnLoopback, sendFixtureFile } from '../../support/staticFiles';

const DIR = join(__dirname, '../fixtures/frames-act');
/** How long the server holds /slow-check.json: longer than the DOM's quiet period, well under the settle cap. */
const SLOW_MS = 500;

export interface FramesActServer {
  port: number;
  /** The top page's origin (127.0.0.1); the cross-origin frame is the same server as `crossOrigin`. */
  origin: string;
  /** Another site on the same server (localhost), so Chrome runs its frame in another process. */
  crossOrigin: string;
  /** Paths the server answered, so a test can tell a mocked request (never here) from a real one. */
  seen: string[];
  close(): Promise<void>;
}

/** The many-documents page of test/e2e/fixtures/frames-act: frames, shadow roots, a worker and a service worker. */
export async function startFramesAct(): Promise<FramesActServer> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    seen.push(path);
    // A slow answer, for the wait after an action that starts it (no timer in the test itself).
    if (path === '/slow-check.json') return void setTimeout(() => sendFixtureFile(res, DIR, path), SLOW_MS);
    const bundle = BUNDLES[path];
    if (bundle)
      return void bundle().then(
        (code) => res.writeHead(200, { 'content-type': contentType(path) }).end(code),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    sendFixtureFile(res, DIR, path);
  });
  const listening = await listenOnLoopback(server);
  return { ...listening, crossOrigin: `http://localhost:${listening.port}`, seen };
}

let bundled: Promise<string> | undefined;
let payBundled: Promise<string> | undefined;

/** Scripts the server bundles on first request, by path. */
const BUNDLES: Record<string, () => Promise<string>> = {
  '/shoelace.bundle.js': shoelaceBundle,
  '/pay-bundle.js': payBundle,
};

/** shoelace.js with Shoelace's button, input and dialog (a devDependency from the npm registry), bundled once. */
function shoelaceBundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [join(DIR, 'shoelace.js')],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
}

/** src/payErrors.ts as a minified script with an inline source map naming `src/payErrors.ts`. */
function payBundle(): Promise<string> {
  payBundled ??= build({
    entryPoints: [join(DIR, 'src/payErrors.ts')],
    outfile: join(DIR, 'pay-bundle.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return payBundled;
}
