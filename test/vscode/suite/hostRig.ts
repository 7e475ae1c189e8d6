import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BrowserDebug } from '../../../src/vscode/browserDebug';
import { callerHeaders } from '../../../src/vscode/callerSecret';

export const EXTENSION_ID = 'browser-debug.browser-debug';

export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface FakeBrowser {
  send(events: unknown[]): void;
  /** From now on the browser answers the connector's command `name` with `result`. */
  answer(name: string, result: (args: Record<string, unknown>) => unknown): void;
  close(): void;
}

/** A scripted browser extension on /extension-ws (Node 24's WebSocket). */
export async function fakeBrowser(port: number): Promise<FakeBrowser> {
  // Node's WebSocket (undici) takes headers: a local process sends the user secret, as test clients do.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, { headers: callerHeaders() } as never);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  socket.send(
    JSON.stringify({
      type: 'hello',
      protocolVersion: 1,
      client: 'browser-extension',
      version: vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.version,
    }),
  );
  const answers = new Map<string, (args: Record<string, unknown>) => unknown>();
  socket.onmessage = (event) => {
    const frame = JSON.parse(String(event.data)) as { type: string; id?: string; name?: string; args?: object };
    const answer = frame.type === 'command' ? answers.get(frame.name!) : undefined;
    if (answer) socket.send(JSON.stringify({ type: 'reply', id: frame.id, result: answer({ ...frame.args }) }));
  };
  return {
    send: (events) => socket.send(JSON.stringify({ type: 'batch', events })),
    answer: (name, result) => answers.set(name, result),
    close: () => socket.close(),
  };
}

/** Serves the fixture workspace, as the developer's dev server would. */
export function serveWorkspace(folder: string): Promise<Server> {
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

/** An MCP `initialize` POSTed to `url` as a client named `name` would send it, with `headers` (the caller secret). */
export function mcpInitialize(url: string, headers: Record<string, string>, name: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version: '1' } },
    }),
  });
}

export interface HostRig {
  app: BrowserDebug;
  /** The connector's port. */
  port: number;
  /** A fake browser extension connected to the connector (a test that drops it connects a new one). */
  browser: FakeBrowser;
  /** The origin serving the fixture workspace. */
  origin: string;
  /** The workspace folder. */
  folder: string;
}

/** Mocha hooks: Browser Debug activated and its connector up, a fake browser on it, the workspace served. */
export function hostRig(): HostRig {
  const rig = { folder: vscode.workspace.workspaceFolders![0]!.uri.fsPath } as HostRig;
  let site: Server | undefined;
  before(async () => {
    const extension = vscode.extensions.getExtension<BrowserDebug>(EXTENSION_ID)!;
    rig.app = await extension.activate();
    await until(() => rig.app.session.role === 'owner' && rig.app.feed.connected, 20_000, 'the connector to start');
    rig.port = rig.app.session.port!;
    rig.browser = await fakeBrowser(rig.port);
    site = await serveWorkspace(rig.folder);
    rig.origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  after(() => {
    rig.browser?.close();
    site?.close();
  });
  return rig;
}
