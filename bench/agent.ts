/**
 * The assistant's cost of one task, scripted through MCP the way a model works: it reads every answer, takes
 * refs from snapshots, and asks for more only when what it read does not yet hold what it needs.
 * The task, on the tea shop fixture (test/e2e/fixtures/actApp): sign in, add an item, place the order, answer
 * the confirm, then name the failed request (POST /api/order, 500) and the source line of the error it caused
 * (app.js:28). Browser Debug, chrome-devtools-mcp and Playwright MCP (both from the npm registry) in one run.
 * Counts tool calls and characters read. Usage: npm run bench:agent   (prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startActApp } from '../test/e2e/support/actAppServer';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { httpClient } from '../test/support/mcp';
import { freePortRun } from '../test/support/ports';
import { installPeer, PEER_VERSION, startPeer } from './chromeDevtoolsMcp';
import { ensurePeer } from './peers';
import { runBench, startConnector } from './connectorProcess';

const PLAYWRIGHT_MCP = { name: '@playwright/mcp', version: '0.0.83' };
const FAILED_REQUEST = /\/api\/order[\s\S]{0,200}500|500[\s\S]{0,200}\/api\/order/;
const SOURCE_LINE = /app\.js:28\b/;

/** One assistant's transcript: every call and the characters it had to read. */
class Agent {
  calls = 0;
  chars = 0;
  read = '';
  constructor(private readonly client: Client) {}

  async call(name: string, args: Record<string, unknown> = {}): Promise<string> {
    const result = (await this.client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n');
    this.calls++;
    this.chars += text.length;
    this.read += `\n${text}`;
    if (process.env.BENCH_AGENT_VERBOSE) console.log(`\n>>> ${name} ${JSON.stringify(args)}\n${text}`);
    if (result.isError) throw new Error(`${name}: ${text.slice(0, 400)}`);
    return text;
  }

  knows(pattern: RegExp): boolean {
    return pattern.test(this.read);
  }
}

/** The ref on the first line of `text` that matches, in the `e12 button`, `[ref=e12]` or `uid=1_7` style. */
function refIn(text: string, pattern: RegExp): string {
  const line = text.split('\n').find((candidate) => pattern.test(candidate));
  const ref = line?.match(/^\s*(e\d+) /)?.[1] ?? line?.match(/\[ref=([\w-]+)\]/)?.[1] ?? line?.match(/uid=(\S+)/)?.[1];
  if (!ref) throw new Error(`no ref for ${pattern} in\n${text.slice(0, 1200)}`);
  return ref;
}

async function browserDebugTask(agent: Agent, url: string): Promise<void> {
  await agent.call('navigate_to_url', { url });
  const page = await agent.call('take_snapshot');
  await agent.call('fill', { ref: refIn(page, /textbox "Email"/), value: 'ada@example.com' });
  await agent.call('fill', { ref: refIn(page, /textbox "Password"/), value: 'correct horse' });
  await agent.call('click', { ref: refIn(page, /button "Sign in"/) });
  await agent.call('click', { ref: refIn(page, /button "Add to cart"/) });
  await agent.call('click', { ref: refIn(page, /button "Place order"/) });
  await agent.call('handle_dialog', { accept: true });
  if (!agent.knows(FAILED_REQUEST)) await agent.call('get_network_requests', { failed: true });
  if (!agent.knows(SOURCE_LINE)) await agent.call('get_console_logs', { level: 'error' });
}

async function chromeDevtoolsTask(agent: Agent, url: string): Promise<void> {
  await agent.call('navigate_page', { type: 'url', url });
  const page = await agent.call('take_snapshot');
  await agent.call('fill', { uid: refIn(page, /textbox "Email"/), value: 'ada@example.com' });
  await agent.call('fill', { uid: refIn(page, /textbox "Password"/), value: 'correct horse' });
  await agent.call('click', { uid: refIn(page, /button "Sign in"/) });
  await agent.call('click', { uid: refIn(page, /button "Add to cart"/) });
  await agent.call('click', { uid: refIn(page, /button "Place order"/) });
  await agent.call('handle_dialog', { action: 'accept' });
  if (!agent.knows(FAILED_REQUEST)) await agent.call('list_network_requests', { resourceTypes: ['fetch', 'xhr'] });
  if (!agent.knows(SOURCE_LINE)) {
    const messages = await agent.call('list_console_messages', { types: ['error'] });
    const id = /msgid=(\d+).*Order failed/.exec(messages)?.[1];
    if (!agent.knows(SOURCE_LINE) && id) await agent.call('get_console_message', { msgid: Number(id) });
  }
}

async function playwrightTask(agent: Agent, url: string): Promise<void> {
  await agent.call('browser_navigate', { url });
  const page = await agent.call('browser_snapshot');
  await agent.call('browser_type', {
    element: 'Email',
    target: refIn(page, /textbox "Email"/),
    text: 'ada@example.com',
  });
  await agent.call('browser_type', {
    element: 'Password',
    target: refIn(page, /textbox "Password"/),
    text: 'correct horse',
  });
  await agent.call('browser_click', { element: 'Sign in', target: refIn(page, /button "Sign in"/) });
  await agent.call('browser_click', { element: 'Add to cart', target: refIn(page, /button "Add to cart"/) });
  await agent.call('browser_click', { element: 'Place order', target: refIn(page, /button "Place order"/) });
  await agent.call('browser_handle_dialog', { accept: true });
  if (!agent.knows(FAILED_REQUEST)) await agent.call('browser_network_requests', {});
  if (!agent.knows(SOURCE_LINE)) await agent.call('browser_console_messages', { level: 'error' });
}

async function startPlaywrightMcp(chromium: string, outputDir: string): Promise<Client> {
  const cli = join(ensurePeer(PLAYWRIGHT_MCP), 'cli.js');
  const client = new Client({ name: 'bench-agent', version: '1' });
  const args = [cli, '--headless', '--isolated', '--no-sandbox', `--executable-path=${chromium}`];
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...args, `--output-dir=${outputDir}`, '--viewport-size=1280x800'],
      stderr: 'ignore',
    }),
  );
  return client;
}

interface Outcome {
  name: string;
  calls: number;
  chars: number;
  found: string;
}

async function run(name: string, client: Client, task: (agent: Agent) => Promise<void>): Promise<Outcome> {
  const agent = new Agent(client);
  try {
    await task(agent);
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
  }
  const wrongLine =
    !agent.knows(SOURCE_LINE) && /app\.js:(\d+)/.exec(agent.read.split('Order failed').slice(1).join(''));
  const found = [
    agent.knows(FAILED_REQUEST) && 'failed request',
    agent.knows(SOURCE_LINE) && 'app.js:28',
    wrongLine && `a wrong line (app.js:${wrongLine[1]})`,
  ]
    .filter(Boolean)
    .join(' + ');
  return { name, calls: agent.calls, chars: agent.chars, found: found || 'nothing' };
}

async function main(): Promise<void> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  const app = await startActApp();
  const url = `${app.origin}/`;
  const outcomes: Outcome[] = [];
  const port = await freePortRun(1);
  const connector = await startConnector(port);
  const browser = await launchWithExtension(chromium);
  const output = mkdtempSync(join(tmpdir(), 'bd-bench-agent-'));
  try {
    await connectExtension(browser.worker, port);
    const tab = await browser.context.newPage();
    // Playwright dismisses dialogs nobody listens for: a listener leaves them to the assistant, as for a user.
    tab.on('dialog', () => undefined);
    await tab.goto(url);
    await tab.bringToFront();
    const { client } = await httpClient(port);
    outcomes.push(await run('Browser Debug', client, (agent) => browserDebugTask(agent, url)));
    await client.close();
    await browser.close();
    const peer = await startPeer(installPeer(), chromium, 'bench-agent');
    outcomes.push(await run(`chrome-devtools-mcp ${PEER_VERSION}`, peer, (agent) => chromeDevtoolsTask(agent, url)));
    await peer.close();
    const playwright = await startPlaywrightMcp(chromium, output);
    outcomes.push(
      await run(`Playwright MCP ${PLAYWRIGHT_MCP.version}`, playwright, (agent) => playwrightTask(agent, url)),
    );
    await playwright.close();
  } finally {
    await browser.close().catch(() => undefined);
    connector.kill();
    await app.close();
    rmSync(output, { recursive: true, force: true });
  }
  const [ours, cdt] = [outcomes[0]!, outcomes[1]!];
  console.log('\nOne task through MCP: sign in, add, place the order, answer the confirm, find the failed request');
  console.log('and the source line of the error (same fixture, same script logic, one run)\n');
  console.log('| Server | Tool calls | Characters read | Found |');
  console.log('|---|---|---|---|');
  for (const o of outcomes) console.log(`| ${o.name} | ${o.calls} | ${o.chars.toLocaleString('en-US')} | ${o.found} |`);
  console.log(
    `\nOurs ÷ chrome-devtools-mcp: ${(ours.chars / cdt.chars).toFixed(2)}× the characters (target ≤ 0.5×), ${ours.calls} vs ${cdt.calls} calls (target: no more).`,
  );
}

runBench(main);
