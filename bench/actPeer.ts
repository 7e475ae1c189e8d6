/** chrome-devtools-mcp 1.11 for bench/act.ts: installed into a cache folder at bench time, driving its own Chromium. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const PEER_VERSION = '1.11.0';
const PEER_DIR = join(homedir(), '.cache', 'browser-debug', 'peers', `chrome-devtools-mcp-${PEER_VERSION}`);

/** The peer's bin, installed from the npm registry on first use. */
export function installPeer(): string {
  const bin = join(PEER_DIR, 'node_modules', 'chrome-devtools-mcp', 'build', 'src', 'bin', 'chrome-devtools-mcp.js');
  if (existsSync(bin)) return bin;
  mkdirSync(PEER_DIR, { recursive: true });
  if (!existsSync(join(PEER_DIR, 'package.json'))) writeFileSync(join(PEER_DIR, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', `chrome-devtools-mcp@${PEER_VERSION}`], { cwd: PEER_DIR, stdio: 'inherit' });
  return bin;
}

/** The peer over stdio, headless, on the given Chromium, one tab, no telemetry (there is no internet here). */
export async function startPeer(bin: string, chromium: string): Promise<Client> {
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
  const client = new Client({ name: 'bench-act', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' } as Record<string, string>, stderr: 'ignore' }));
  return client;
}

/** `uid=1_7 button "Key target"`: the uid on the first line that matches. */
export function peerUid(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split('\n').find((candidate) => pattern.test(candidate));
  const uid = line?.match(/uid=(\S+)/)?.[1];
  if (!uid) throw new Error(`chrome-devtools-mcp: no uid for ${pattern} in\n${snapshot.slice(0, 1500)}`);
  return uid;
}
