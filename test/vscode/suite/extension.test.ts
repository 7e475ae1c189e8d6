import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BrowserDebug } from '../../../src/vscode/browserDebug';
import type { ConsoleEntry } from '../../../src/vscode/captureFeed';

const EXTENSION_ID = 'browser-debug.browser-debug';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A scripted browser extension on /extension-ws (Node 24's WebSocket). */
async function fakeBrowser(port: number): Promise<{ send(events: unknown[]): void; close(): void }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  socket.send(
    JSON.stringify({
      type: 'hello',
      protocolVersion: 1,
      client: 'browser-extension',
      version: vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.version,
    }),
  );
  return { send: (events) => socket.send(JSON.stringify({ type: 'batch', events })), close: () => socket.close() };
}

/** Serves the fixture workspace, as the developer's dev server would. */
function serveWorkspace(folder: string): Promise<Server> {
  const server = createServer((req, res) => {
    try {
      res.end(readFileSync(join(folder, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('Browser Debug in VS Code', () => {
  let app: BrowserDebug;
  let port: number;
  let browser: Awaited<ReturnType<typeof fakeBrowser>>;
  let site: Server;
  let origin: string;
  const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;

  before(async () => {
    const extension = vscode.extensions.getExtension<BrowserDebug>(EXTENSION_ID)!;
    app = await extension.activate();
    await until(() => app.session.role === 'owner' && app.feed.connected, 20_000, 'the connector to start');
    port = app.session.port!;
    browser = await fakeBrowser(port);
    site = await serveWorkspace(folder);
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  after(() => {
    browser?.close();
    site?.close();
  });

  it('starts the connector on activation, on the configured port, in well under 50 ms of activation', async () => {
    assert.equal(port, vscode.workspace.getConfiguration('browserDebug').get('connector.port'));
    const identity = await (await fetch(`http://127.0.0.1:${port}/.identity`)).json();
    assert.equal(identity.name, 'browser-debug-connector');
    writeFileSync(join(folder, '.vscode-test-figures.json'), JSON.stringify({ activationMs: app.activationMs }));
    assert.ok(app.activationMs < 50, `activation took ${app.activationMs} ms`);
  });

  it('in a remote window (code-server is one), asks VS Code to forward the connector port', async () => {
    assert.ok(vscode.env.remoteName, 'code-server windows are remote');
    await until(() => app.externalAddress !== undefined, 10_000, 'the forwarded address');
    assert.match(app.externalAddress!, new RegExp(String(port)));
  });

  it('registers every contributed command', async () => {
    const contributed = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as { command: string }[]
    ).map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      contributed.filter((command) => !registered.has(command)),
      [],
    );
    assert.ok(contributed.length >= 13);
  });

  it('offers an MCP HTTP server definition at the connector’s /mcp', async () => {
    assert.equal(typeof vscode.lm.registerMcpServerDefinitionProvider, 'function');
    const [definition] = app.mcpDefinitions();
    assert.ok(definition instanceof vscode.McpHttpServerDefinition);
    assert.equal(definition.uri.toString(), `http://127.0.0.1:${port}/mcp`);
    const initialize = await fetch(definition.uri.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      }),
    });
    assert.equal(initialize.status, 200);
  });

  it('shows captures fed over /extension-ws in the Console, Network and Element views, grouped by page load', async () => {
    const now = Date.now();
    browser.send([
      {
        type: 'page-navigated',
        url: `${origin}/index.html`,
        title: 'VS Code fixture',
        tabId: 1,
        pageLoadId: 'load-A',
        timestamp: now,
      },
      {
        type: 'console-log',
        level: 'warn',
        message: 'view warning',
        timestamp: now + 1,
        tabId: 1,
        source: `${origin}/plain.js:3:9`,
      },
      {
        type: 'network-request',
        method: 'GET',
        url: `${origin}/missing`,
        status: 404,
        statusText: 'Not Found',
        duration: 7,
        timestamp: now + 2,
        tabId: 1,
      },
      {
        type: 'selected-element',
        timestamp: now + 3,
        tabId: 1,
        element: {
          tagName: 'H1',
          id: 'title',
          className: 'big',
          attributes: { id: 'title' },
          dimensions: { width: 100, height: 20, top: 5, left: 8 },
          innerHTML: 'Fixture app',
          textContent: 'Fixture app',
        },
      },
    ]);
    // Views refresh on the feed's batched change event, a moment after the feed has the entries.
    const shown = () =>
      app.consoleView.getChildren().length > 0 &&
      app.networkView.getChildren().length > 0 &&
      app.elementView.getChildren().length > 0;
    await until(
      () =>
        app.feed.console.some((entry) => entry.message === 'view warning') && app.feed.element !== undefined && shown(),
      10_000,
      'captures in the views',
    );
    const [group] = app.consoleView.getChildren() as { pageLoadId: string }[];
    assert.equal(group!.pageLoadId, 'load-A');
    assert.match(String(app.consoleView.getTreeItem(group as never).label), /VS Code fixture/);
    const [entry] = app.consoleView.getChildren(group as never);
    const item = app.consoleView.getTreeItem(entry!);
    assert.equal(item.label, 'view warning');
    assert.equal(item.description, 'plain.js:3');
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.equal(item.command?.command, 'browserDebug.jumpToSource');
    const [networkGroup] = app.networkView.getChildren();
    const request = app.networkView.getChildren(networkGroup)[0]!;
    assert.equal(app.networkView.getTreeItem(request).label, 'GET 404 /missing');
    assert.equal((app.networkView.getTreeItem(request).iconPath as vscode.ThemeIcon).id, 'error');
    const rows = app.elementView.getChildren().map((row) => `${row.label}=${row.value}`);
    assert.ok(rows.includes('tag=h1') && rows.includes('id=title'), rows.join(', '));
  });

  it('jumps to the original line through the script’s source map', async () => {
    const bundle = readFileSync(join(folder, 'dist', 'bundle.js'), 'utf8').split('\n');
    const line = bundle.findIndex((text) => text.includes('throw new Error(reason)'));
    const column = bundle[line]!.indexOf('throw') + 1;
    const entry = {
      type: 'console-error',
      id: 'x1',
      seq: 1,
      pageLoadId: 'p',
      message: 'Uncaught Error: mapped failure',
      timestamp: Date.now(),
      frames: [{ url: `${origin}/dist/bundle.js`, line: line + 1, column }],
    } as ConsoleEntry;
    assert.equal(await app.navigator.open(entry), true);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, join(folder, 'src', 'app.ts'));
    assert.equal(editor.selection.active.line, 3, 'line 4 of app.ts, 0-based');
  });

  it('jumps by URL path alone when the script has no source map', async () => {
    const entry = {
      type: 'console-error',
      id: 'x2',
      seq: 2,
      pageLoadId: 'p',
      message: 'Uncaught Error: plain failure',
      timestamp: Date.now(),
      source: `${origin}/plain.js:3:9`,
    } as ConsoleEntry;
    assert.equal(await app.navigator.open(entry), true);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, join(folder, 'plain.js'));
    assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [2, 8]);
  });

  it('shows browser errors that map to workspace files in the Problems panel, and clears them with the captures', async () => {
    const failure = {
      type: 'console-error',
      message: 'Uncaught Error: plain failure',
      timestamp: Date.now(),
      tabId: 1,
      frames: [{ url: `${origin}/plain.js`, line: 3, column: 9 }],
    };
    browser.send([failure, { ...failure, message: 'Uncaught Error: second failure' }, failure]);
    const uri = vscode.Uri.file(join(folder, 'plain.js'));
    await until(() => vscode.languages.getDiagnostics(uri).length > 1, 10_000, 'the diagnostics');
    await until(
      () => app.feed.console.filter((entry) => entry.message === failure.message).length === 2,
      10_000,
      'both repeats in the feed',
    );
    assert.deepEqual(
      vscode.languages.getDiagnostics(uri).map((item) => item.message),
      ['Uncaught Error: plain failure', 'Uncaught Error: second failure'],
      'a repeat is one problem',
    );
    const [diagnostic] = vscode.languages.getDiagnostics(uri);
    assert.equal(diagnostic!.message, 'Uncaught Error: plain failure');
    assert.equal(diagnostic!.range.start.line, 2);
    assert.equal(diagnostic!.source, 'Browser Debug');
    await vscode.commands.executeCommand('browserDebug.clearCapturedData');
    await until(() => vscode.languages.getDiagnostics(uri).length === 0, 10_000, 'diagnostics cleared');
    assert.equal(app.feed.console.length, 0);
  });

  it('shares captures of the chosen origins with the edge and shows the remote state in the status bar', async () => {
    // The outer test started `wrangler dev --local` and registered an account.
    const edge = JSON.parse(readFileSync(join(folder, '.vscode-test-edge.json'), 'utf8')) as {
      url: string;
      apiKey: string;
      readerToken: string;
    };
    const config = () => vscode.workspace.getConfiguration('browserDebug');
    // Machine-scoped: only user settings may turn sharing on, never a workspace's.
    const user = vscode.ConfigurationTarget.Global;
    try {
      await config().update('remote.sharedOrigins', [origin], user);
      await config().update('remote.url', edge.url, user);
      await app.remote.setApiKey(edge.apiKey);
      await until(() => app.feed.remote?.state === 'online', 30_000, 'the tunnel to open');
      // The item follows the feed's batched change event.
      await until(
        () => /^\$\(cloud\) Remote/.test(app.remoteStatusBar.item.text),
        5_000,
        'the status bar item to say online',
      );
      assert.match(
        (app.remoteStatusBar.item.tooltip as vscode.MarkdownString).value,
        new RegExp(`Shared origins: ${origin}`),
      );
      browser.send([
        { type: 'console-error', message: 'shared from VS Code', url: `${origin}/index.html`, timestamp: Date.now() },
        { type: 'console-error', message: 'private tab', url: 'https://mail.example.com/', timestamp: Date.now() },
      ]);
      const sessionId = app.feed.remote!.sessionId!;
      const remoteMessages = async () => {
        const res = await fetch(`${edge.url}/api/v1/console-logs`, {
          headers: { Authorization: `Bearer ${edge.readerToken}`, 'X-Session-ID': sessionId },
        });
        return ((await res.json()) as { data: { logs: { message: string }[] } }).data.logs.map((log) => log.message);
      };
      await until(
        async () => (await remoteMessages()).includes('shared from VS Code'),
        20_000,
        'the capture on the edge',
      );
      assert.deepEqual(await remoteMessages(), ['shared from VS Code']);

      await config().update('remote.url', 'http://edge.example.com', user);
      await until(() => app.feed.remote === null, 10_000, 'sharing to stop on an invalid URL');
      assert.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200, 'local capture keeps running');
    } finally {
      await config().update('remote.url', undefined, user);
      await config().update('remote.sharedOrigins', undefined, user);
    }
  });

  it('ignores remote sharing set by a workspace: a cloned repository cannot send captures away', async () => {
    const settingsFile = join(folder, '.vscode', 'settings.json');
    mkdirSync(join(folder, '.vscode'), { recursive: true });
    const changed = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onDidChangeConfiguration(
        (event) => event.affectsConfiguration('browserDebug') && (listener.dispose(), resolve()),
      );
    });
    writeFileSync(
      settingsFile,
      JSON.stringify({
        'browserDebug.remote.url': 'https://edge.example.com',
        'browserDebug.remote.sharedOrigins': ['http://localhost:*'],
        'browserDebug.sourceMaps.pathMapping': {},
      }),
    );
    try {
      await changed;
      assert.equal(
        vscode.workspace.getConfiguration('browserDebug').get('remote.url'),
        '',
        'a machine setting is not read from the workspace',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(app.feed.remote, null);
    } finally {
      rmSync(join(folder, '.vscode'), { recursive: true, force: true });
    }
  });

  it('attaches to a connector another window hosts, and takes over when that window goes', async () => {
    await app.session.stop('test: another window takes the port');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const runtime = require(
      join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'connectorRuntime.js'),
    );
    const other = await runtime.startConnectorWithMcp(
      { port, maxPort: port, screenshots: { dir: join(folder, '.shots') } },
      { logger: app.logger },
    );
    // The other window is this extension too: it journals to the same shared file.
    const journal = runtime.attachJournal(other.connector.services.store, app.journalFile, app.logger);
    await app.session.start();
    assert.equal(app.session.role, 'client');
    assert.equal(app.session.port, port);
    const peer = await fakeBrowser(port);
    peer.send([{ type: 'console-log', level: 'info', message: 'from the other window', timestamp: Date.now() }]);
    await until(
      () => app.feed.console.some((entry) => entry.message === 'from the other window'),
      10_000,
      'the other window’s captures',
    );
    peer.close();
    journal();
    await other.stop('the other window closed');
    await until(() => app.session.role === 'owner', 10_000, 'the takeover');
    assert.equal(app.session.port, port);
    await until(
      () => app.feed.console.some((entry) => entry.message === 'from the other window'),
      10_000,
      'history carried across the takeover',
    );
    browser = await fakeBrowser(port);
  });
});
