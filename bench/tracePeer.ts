/** chrome-devtools-mcp 1.11 for bench/trace.ts: installed into a cache folder at bench time, driving its own headless Chromium. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const PEER_VERSION = '1.11.0';
const PEER_DIR = join(process.env.BROWSER_DEBUG_PEERS ?? join(homedir(), '.cache', 'browser-debug', 'peers'), `chrome-devtools-mcp-${PEER_VERSION}`);

/** The peer's bin, installed from the npm registry on first use. */
export function installPeer(): string {
  const bin = join(PEER_DIR, 'node_modules', 'chrome-devtools-mcp', 'build', 'src', 'bin', 'chrome-devtools-mcp.js');
  if (existsSync(bin)) return bin;
  mkdirSync(PEER_DIR, { recursive: true });
  if (!existsSync(join(PEER_DIR, 'package.json'))) writeFileSync(join(PEER_DIR, 'package.json'), '{"private":true}\n');
  process.stderr.write(`Installing chrome-devtools-mcp@${PEER_VERSION} into ${PEER_DIR} …\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `chrome-devtools-mcp@${PEER_VERSION}`], { cwd: PEER_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  return bin;
}

/** The peer over stdio as its README starts it, headless on our Chromium, no telemetry or CrUX (no internet here). */
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
    // One page: tools take no pageId.
    '--no-page-id-routing',
  ];
  const client = new Client({ name: 'bench-trace', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' } as Record<string, string>, stderr: 'ignore' }));
  return client;
}
