/**
 * The right line in real apps: third-party dev servers from the npm registry (Vite react-ts and vue-ts,
 * webpack-dev-server with two devtools), a real Chromium with our extension, a real MCP SDK client.
 * Each case asserts the original file and line in the list answer, the entry, the HTTP API and the
 * VS Code jump logic. Apps install once into ~/.cache/browser-debug/apps (see support/devApps.ts).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { EntryLocator } from '../../src/connector/sourceMaps/entryLocator';
import { SourceMapper } from '../../src/connector/sourceMaps/sourceMapper';
import { rawLocation } from '../../src/shared/entryLocation';
import { jumpTargets } from '../../src/vscode/urlToWorkspace';
import { get } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { startApp, type DevApp, type RunningApp } from './support/devApps';
import { nextApp, viteReactTs, viteVueTs, webpackEval, webpackSourceMap } from './support/fixtureApps';

type Entry = Record<string, any>;

interface Case {
  title: string;
  app: DevApp;
  /** The original file, relative to the app folder, as lists show it (`/src/App.tsx` or `src/index.js`). */
  file: string;
  shown: RegExp;
  warn: { message: string; line: number };
  rejection: { message: string; line: number };
}

const CASES: Case[] = [
  {
    title: 'Vite 8 react-ts',
    app: viteReactTs,
    file: 'src/App.tsx',
    shown: /\/src\/App\.tsx/,
    warn: { message: 'bd fixture: warn from App', line: 6 },
    rejection: { message: 'bd fixture: rejected in App', line: 8 },
  },
  {
    title: 'Vite 8 vue-ts',
    app: viteVueTs,
    file: 'src/App.vue',
    shown: /\/src\/App\.vue/,
    warn: { message: 'bd fixture: warn from App.vue', line: 5 },
    rejection: { message: 'bd fixture: rejected in App.vue', line: 6 },
  },
  {
    title: 'webpack 5 eval-cheap-module-source-map',
    app: webpackEval,
    file: 'src/index.js',
    shown: /src\/index\.js/,
    warn: { message: 'bd fixture: warn from webpack', line: 4 },
    rejection: { message: 'bd fixture: rejected in index.js', line: 6 },
  },
  {
    title: 'webpack 5 source-map',
    app: webpackSourceMap,
    file: 'src/index.js',
    shown: /src\/index\.js/,
    warn: { message: 'bd fixture: warn from webpack', line: 4 },
    rejection: { message: 'bd fixture: rejected in index.js', line: 6 },
  },
  {
    title: 'Next.js 16 dev (Turbopack)',
    app: nextApp,
    file: 'app/page.tsx',
    shown: /app\/page\.tsx/,
    warn: { message: 'bd fixture: warn from page.tsx', line: 7 },
    rejection: { message: 'bd fixture: rejected in page.tsx', line: 8 },
  },
];

describe('real dev servers: the original file and line everywhere', function () {
  // A fresh machine installs the apps first (about a minute each); a warm one starts them in seconds.
  this.timeout(600_000);
  let t: McpTestConnector;
  let browser: TestBrowser;
  let client: Client;

  before(async function () {
    const executable = requireChromium(this);
    t = await startMcpConnector();
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, t.port);
    ({ client } = await httpClient(t.port));
  });
  after(async () => {
    await client?.close();
    await browser?.close();
    await t?.stop();
  });

  const logs = async () => (await get(t.port, '/console-logs?limit=1000')).json.logs as Entry[];
  const find = (entries: Entry[], message: string, origin: string) =>
    entries.filter((entry) => String(entry.message).includes(message) && String(entry.url ?? '').startsWith(origin));

  /** The fetch's initiator, original first, in get_network_requests, get_network_request and the HTTP API. */
  const assertInitiator = async (origin: string, path: string, original: RegExp) => {
    const url = `${origin}${path}`;
    const withInitiator = async () =>
      ((await get(t.port, '/network-requests?limit=1000')).json.requests as Entry[]).find(
        (request) => request.url === url && request.initiator,
      );
    await until(async () => (await withInitiator()) !== undefined, 30_000, `the request to ${path} with its initiator`);
    const request = (await withInitiator())!;
    assert.match(String(request.originalInitiator), new RegExp(`${original.source}$`), 'HTTP originalInitiator');
    const list = textOf(await call(client, 'get_network_requests', { search: 'bd-fixture/data.json' }));
    assert.match(
      list.split('\n').find((text) => text.startsWith(`#${request.id} `)) ?? list,
      new RegExp(` from ${original.source}$`),
    );
    assert.match(
      textOf(await call(client, 'get_network_request', { id: request.id })),
      new RegExp(`Initiator: ${original.source} \\(bundle `),
    );
  };

  for (const c of CASES) {
    describe(c.title, () => {
      let app: RunningApp;
      before(async () => (app = await startApp(c.app)));
      after(async () => app?.stop());

      it(`shows ${c.file}:${c.warn.line} and :${c.rejection.line} in get_console_logs, get_console_entry, the HTTP API and the VS Code jump`, async () => {
        const page = await browser.context.newPage();
        await page.goto(`${app.origin}/`);
        await until(
          async () => {
            const entries = await logs();
            return (
              find(entries, c.warn.message, app.origin).length > 0 &&
              find(entries, c.rejection.message, app.origin).length > 0
            );
          },
          60_000,
          `${c.title}: the warning and the rejection`,
        );
        const entries = await logs();
        const [warn] = find(entries, c.warn.message, app.origin);
        const [rejection] = find(entries, c.rejection.message, app.origin);

        const list = textOf(await call(client, 'get_console_logs', { search: 'bd fixture' }));
        for (const [entry, expected] of [
          [warn!, c.warn],
          [rejection!, c.rejection],
        ] as const) {
          const listed = list.split('\n').find((text) => text.startsWith(`#${entry.id} `)) ?? '';
          assert.match(
            listed,
            new RegExp(`\\([^()]*${c.shown.source}:${expected.line}:\\d+\\)( ×\\d+)?$`),
            `list line for ${expected.message}:\n${list}`,
          );
          const detail = textOf(await call(client, 'get_console_entry', { id: entry.id }));
          assert.match(detail, new RegExp(`Source: \\S*${c.shown.source}:${expected.line}:\\d+`), detail);
          assert.match(
            String(entry.originalSource),
            new RegExp(`${c.file.replace('.', '\\.')}:${expected.line}:\\d+$`),
            `HTTP originalSource of ${expected.message}`,
          );
          assert.ok(entry.source, 'the raw source stays');
          const located = await new EntryLocator(new SourceMapper()).locate(entry);
          const target = jumpTargets(located.at, rawLocation(entry), [app.dir]).find((candidate) =>
            existsSync(candidate.path),
          );
          assert.deepEqual(
            target && { path: target.path, line: target.line },
            { path: join(app.dir, c.file), line: expected.line },
            `VS Code jump for ${expected.message}`,
          );
        }
        if (c.app === viteReactTs) {
          assert.match(
            list,
            /warn bd fixture: warn from App \(\/src\/App\.tsx:6:\d+\) ×2/,
            'StrictMode runs the effect twice: one line, ×2',
          );
          await assertInitiator(app.origin, '/bd-fixture/data.json?from=App', /\/src\/App\.tsx:7:\d+/);
        }
        await page.close();
      });

      if (c.app === viteReactTs) {
        it('folds the react-dom frames of an error thrown in an event handler, and keeps them all in the HTTP API', async () => {
          const page = await browser.context.newPage();
          await page.goto(`${app.origin}/`);
          await page.click('#boom');
          await until(
            async () => find(await logs(), 'bd fixture: click failed', app.origin).length > 0,
            30_000,
            'the click error',
          );
          const [error] = find(await logs(), 'bd fixture: click failed', app.origin);
          const detail = textOf(await call(client, 'get_console_entry', { id: error!.id }));
          assert.match(detail, /Source: \/src\/App\.tsx:10:\d+/, detail);
          assert.match(
            detail,
            /\n {2}at \S+ \/src\/App\.tsx:10:\d+ \(bundle [^)]+\)\n {2}… \d+ frames in react-dom\n/,
            detail,
          );
          assert.ok(
            error!.frames.length > 3 && error!.frames.some((frame: Entry) => String(frame.url).includes('react-dom')),
            'the HTTP API keeps every frame',
          );
          assert.equal(error!.mappedFrames.length, Math.min(25, error!.frames.length));
          await page.close();
        });
      }
    });
  }
});
