import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BrowserDebug } from '../../../src/vscode/browserDebug';
import { EXTENSION_ID, until } from './hostRig';
import { callerHeaders } from '../../../src/vscode/callerSecret';

describe('Network mocks and HAR in VS Code', () => {
  let app: BrowserDebug;
  let socket: WebSocket;
  const commands: string[] = [];
  const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;

  before(async () => {
    app = await vscode.extensions.getExtension<BrowserDebug>(EXTENSION_ID)!.activate();
    await until(() => app.session.role === 'owner' && app.feed.connected, 20_000, 'the connector to start');
    // A scripted browser extension: one mocked request, as the real one reports it.
    socket = new WebSocket(`ws://127.0.0.1:${app.session.port}/extension-ws`, { headers: callerHeaders() } as never);
    await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
    const version = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.version as string;
    socket.send(JSON.stringify({ type: 'hello', protocolVersion: 1, client: 'browser-extension', version }));
    // It keeps the rules it is given, as the real extension does.
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as { type: string; id: string; name: string; args: any };
      if (frame.type !== 'command') return;
      const result =
        frame.name === 'network-mock-add'
          ? { mock: { ...frame.args.rule, id: frame.args.id, tabId: 1, createdAt: Date.now(), hits: 0 } }
          : frame.name === 'network-mock-clear'
            ? { cleared: 1, mocks: [] }
            : { mocks: [] };
      commands.push(frame.name);
      socket.send(JSON.stringify({ type: 'reply', id: frame.id, result }));
    };
    socket.send(
      JSON.stringify({
        type: 'batch',
        events: [
          {
            type: 'network-request',
            method: 'POST',
            url: 'http://localhost:5173/api/orders',
            status: 503,
            statusText: 'Service Unavailable',
            duration: 3,
            timestamp: Date.now(),
            tabId: 1,
            mocked: { ruleId: 'mock-7', action: 'respond' },
          },
        ],
      }),
    );
  });

  after(() => socket?.close());

  it('marks a mocked request in the Network view with its rule', async () => {
    await until(() => app.feed.network.some((request) => request.url.endsWith('/api/orders')), 10_000, 'the request');
    const request = app.feed.network.find((entry) => entry.url.endsWith('/api/orders'))!;
    const item = app.networkView.getTreeItem(request);
    assert.match(String(item.description), /^mocked by mock-7 · 3 ms$/);
    assert.match(String(item.tooltip), /mocked by mock-7 \(respond\)/);
  });

  it('shows a status-bar item while rules are in force, lists them, and clears them', async () => {
    const port = app.session.port!;
    const add = (status: number) =>
      fetch(`http://127.0.0.1:${port}/network-mocks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...callerHeaders() },
        body: JSON.stringify({ url: '*/api/orders*', action: 'respond', status }),
      });
    assert.equal((await add(503)).status, 200);
    assert.equal((await add(500)).status, 200);
    const item = app.mockStatusBar.item;
    await until(() => item.text === '$(beaker) 2 network mocks', 10_000, 'the status-bar item');
    assert.match(String(item.tooltip), /mock-\d+: respond 503 \*\/api\/orders\* in tab 1/);
    assert.equal(item.command, 'browserDebug.manageNetworkMocks');
    await vscode.commands.executeCommand('browserDebug.manageNetworkMocks', 'all');
    await until(() => app.feed.networkMocks.length === 0, 10_000, 'the rules to go');
    assert.ok(commands.includes('network-mock-clear'), commands.join());
  });

  it("shows the page's WebSocket among its requests, with its frames as children", async () => {
    const now = Date.now();
    const base = { type: 'websocket', connectionId: 'ws-1', socketUrl: 'ws://localhost:5173/live', tabId: 1 };
    socket.send(
      JSON.stringify({
        type: 'batch',
        events: [
          { ...base, event: 'open', timestamp: now },
          { ...base, event: 'frame', direction: 'sent', opcode: 1, size: 11, text: 'hello there', timestamp: now + 1 },
          { ...base, event: 'frame', direction: 'received', opcode: 2, size: 4, hex: '0a0b0c0d', timestamp: now + 2 },
          { ...base, event: 'close', code: 1000, reason: 'bye', timestamp: now + 3 },
        ],
      }),
    );
    await until(() => app.feed.websockets.length >= 4, 10_000, 'the socket events');
    // The tree redraws at most once a second while captures stream in: the row shows by the next redraw.
    const socketRow = () =>
      app.networkView
        .getChildren()
        .flatMap((group) => app.networkView.getChildren(group))
        .find((node) => (node as { kind?: string }).kind === 'socket');
    await until(() => socketRow() !== undefined, 5_000, 'a WebSocket row');
    const row = socketRow()!;
    const item = app.networkView.getTreeItem(row);
    assert.equal(item.label, 'WS ws://localhost:5173/live');
    assert.equal(item.description, '2 frames · closed 1000');
    const labels = app.networkView.getChildren(row).map((event) => String(app.networkView.getTreeItem(event).label));
    assert.deepEqual(labels, ['open', '↑ text 11 B  hello there', '↓ binary 4 B  0a0b0c0d…', 'close 1000 bye']);
    // A later frame refreshes that socket's row in the tree.
    let refreshedRow = false;
    const listening = app.networkView.onDidChangeTreeData((changed) => {
      if (Array.isArray(changed) && changed.includes(row)) refreshedRow = true;
    });
    socket.send(
      JSON.stringify({
        type: 'batch',
        events: [
          { ...base, event: 'frame', direction: 'received', opcode: 1, size: 2, text: 'hi', timestamp: now + 4 },
        ],
      }),
    );
    await until(() => refreshedRow, 10_000, 'the socket row to refresh');
    listening.dispose();
    assert.equal(app.networkView.getTreeItem(row).description, '3 frames · closed 1000');
  });

  it('"Export Network as HAR" writes a HAR 1.2 file with the captured requests', async () => {
    const target = vscode.Uri.file(join(folder, 'exported.har'));
    const written = await vscode.commands.executeCommand<vscode.Uri>('browserDebug.exportNetworkHar', target);
    assert.equal(written?.fsPath, target.fsPath);
    const har = JSON.parse(readFileSync(target.fsPath, 'utf8'));
    assert.equal(har.log.version, '1.2');
    const entry = har.log.entries.find((candidate: { request: { url: string } }) =>
      candidate.request.url.endsWith('/api/orders'),
    );
    assert.equal(entry.response.status, 503);
    assert.deepEqual(entry._mocked, { ruleId: 'mock-7', action: 'respond' });
    rmSync(target.fsPath);
  });
});
