import { resolve } from 'node:path';
import { generateClientKeys, TokenSource } from '../../../src/shared/remote';

const EDGE_DIR = resolve(__dirname, '../../../edge');

export interface TestEdge {
  url: string;
  /** The wrangler process: its output helps when a test fails. */
  output(): string;
  /** An account's API key: what a user pastes into the connector or the browser extension. */
  apiKey: string;
  /** A token for a remote reader (an assistant elsewhere) of the same account. */
  readerToken(): Promise<string>;
  /** GET on the edge as that reader, in the B envelope. */
  get(path: string, sessionId?: string): Promise<any>;
  stop(): Promise<void>;
}

/** `wrangler dev --local` with a fresh account: the edge as a deployment would serve it. */
export async function startTestEdge(): Promise<TestEdge> {
  // The harness lives in the edge package, which is an ES module.
  const { registerAccount, startWranglerDev } = await import('../../../edge/test/node/wranglerDev.js');
  const dev = await startWranglerDev('remote-suite-secret-long-enough-0123456789', EDGE_DIR);
  const { apiKey } = await registerAccount(dev.url, 'Remote suite');
  let reader: Promise<string> | undefined;
  const readerToken = () =>
    (reader ??= generateClientKeys(`reader-${Date.now()}`).then((keys) =>
      new TokenSource(dev.url, keys, apiKey).get(),
    ));
  return {
    url: dev.url,
    output: () => dev.output(),
    apiKey,
    readerToken,
    get: async (path, sessionId) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${await readerToken()}` };
      if (sessionId) headers['X-Session-ID'] = sessionId;
      return (await fetch(dev.url + path, { headers })).json();
    },
    stop: () => dev.stop(),
  };
}

/** GET an /api/v1 path as a reader of one session; answers envelope B's `data`, or throws its error. */
export async function readSession(url: string, token: string, sessionId: string, path: string): Promise<any> {
  const res = await fetch(url + path, { headers: { Authorization: `Bearer ${token}`, 'X-Session-ID': sessionId } });
  const body = (await res.json()) as { data?: unknown; error?: unknown };
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body.error)}`);
  return body.data;
}

/** A session's console logs and errors, oldest first (up to 1000). */
export async function readConsole(url: string, token: string, sessionId: string): Promise<any[]> {
  return (await readSession(url, token, sessionId, '/api/v1/console-logs?limit=1000')).logs;
}

/** A session's network requests (up to 1000); `query` filters as on the connector, e.g. `failed=true`. */
export async function readNetwork(url: string, token: string, sessionId: string, query = ''): Promise<any[]> {
  return (await readSession(url, token, sessionId, `/api/v1/network-requests?limit=1000${query && `&${query}`}`))
    .requests;
}
