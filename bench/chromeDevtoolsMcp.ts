/** chrome-devtools-mcp 1.11, the peer of bench/act.ts and bench/trace.ts: installed into the peers cache, driving its own Chromium. */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ensurePeer } from './peers';

const PEER = { name: 'chrome-devtools-mcp', version: '1.11.0' };
export const PEER_VERSION = PEER.version;

/** The peer's bin, installed from the npm registry on first use. */
export function installPeer(): string {
  return join(ensurePeer(PEER), 'build', 'src', 'bin', 'chrome-devtools-mcp.js');
}

/** The peer over stdio as its README starts it, headless on our Chromium, one page, no telemetry or CrUX (no internet here). */
export async function startPeer(
  bin: string,
  chromium: string,
  clientName = 'bench',
  node = process.execPath,
): Promise<Client> {
  const args = [
    bin,
    '--headless',
    '--isolated',
    `--executablePath=${chromium}`,
    '--chromeArg=--no-sandbox',
    '--chromeArg=--disable-dev-shm-usage',
    '--chromeArg=--disable-gpu',
    '--viewport=1280x800',
    '--no-usage-statistics',
    '--no-performance-crux',
    '--no-page-id-routing',
  ];
  const client = new Client({ name: clientName, version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: node,
      args,
      env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  return client;
}

/**
 * The peer attached to a running browser (`--wsEndpoint`), as a developer points it at their own Chrome: it
 * attaches to every tab, new ones included, and collects their console messages and requests. Its first tool
 * call makes it connect.
 */
export async function attachPeer(
  bin: string,
  wsEndpoint: string,
  node = process.execPath,
  extraArgs: string[] = [],
): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: node,
      args: [bin, `--wsEndpoint=${wsEndpoint}`, '--no-usage-statistics', '--no-performance-crux', ...extraArgs],
      env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  await client.callTool({ name: 'list_pages', arguments: {} });
  return client;
}

/** `uid=1_7 button "Key target"`: the uid on the first line that matches. */
export function peerUid(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split('\n').find((candidate) => pattern.test(candidate));
  const uid = line?.match(/uid=(\S+)/)?.[1];
  if (!uid) throw new Error(`chrome-devtools-mcp: no uid for ${pattern} in\n${snapshot.slice(0, 1500)}`);
  return uid;
}
