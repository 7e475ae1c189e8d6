import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { renderToolsDoc, replaceBetweenMarkers, TOOLS_DOC_FILE, TOOLS_DOC_MARKERS } from '../../../scripts/toolsDoc';
import { call, inMemoryClient, startMcpConnector, textOf, type McpTestConnector } from '../../support/mcp';

const SPEC_TOOLS = [
  'run_engine_audit',
  'screenshot_capture',
  'get_console_logs',
  'get_network_requests',
  'execute_javascript',
  'get_selected_element',
  'navigate_to_url',
  'clear_logs',
];
const ALIASES = {
  getConsoleLogs: 'get_console_logs',
  getNetworkErrors: 'get_network_requests',
  takeScreenshot: 'screenshot_capture',
  runAccessibilityAudit: 'run_engine_audit',
  runPerformanceAudit: 'run_engine_audit',
};
const DETAIL_TOOLS = ['get_console_entry', 'get_network_request', 'get_current_page', 'list_tabs'];
const ACTION_TOOLS = ['take_snapshot', 'click', 'hover', 'fill', 'type_text', 'press_key', 'select_option', 'drag'];
const PAGE_CONTROL_TOOLS = [
  'emulate',
  'navigate_history',
  'select_tab',
  'new_tab',
  'wait_for',
  'handle_dialog',
  'upload_file',
];
const PERFORMANCE_TOOLS = ['performance_trace'];
const NETWORK_MOCK_TOOLS = [
  'mock_network',
  'list_network_mocks',
  'clear_network_mocks',
  'get_websocket_frames',
  'export_har',
];
const INSPECTION_TOOLS = ['get_picked_elements', 'highlight_element', 'inspect_element'];
const RECORDING_TOOLS = [
  'start_recording',
  'stop_recording',
  'list_recordings',
  'get_recording',
  'replay_recording',
  'import_recording',
  'export_recording',
  'export_fix_receipt',
  'find_leaks',
];

type JsonSchema = {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
};

/** Every parameter, nested ones included, as `path → schema`. */
function parameters(schema: JsonSchema, prefix = ''): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    [prefix + name, property] as [string, JsonSchema],
    ...parameters(property, `${prefix}${name}.`),
  ]);
}

/** The answer budget of the whole tools/list: its JSON, over all tools, per tool on average. */
const LIST_BUDGET_PER_TOOL = 600;

describe('MCP tools/list', () => {
  let t: McpTestConnector;
  let client: Client;
  let legacyClient: Client;
  let tools: Tool[];
  let defaultTools: Tool[];
  before(async () => {
    t = await startMcpConnector();
    client = await inMemoryClient(t.connector);
    legacyClient = await inMemoryClient(t.connector, { legacyToolNames: true });
    defaultTools = (await client.listTools()).tools;
    tools = (await legacyClient.listTools()).tools;
  });
  after(async () => {
    await Promise.all([client.close(), legacyClient.close()]);
    await t.stop();
  });

  it(`stays within ${LIST_BUDGET_PER_TOOL} characters per tool on average, and lists the earlier names only when asked`, async () => {
    const measured = JSON.stringify(defaultTools).length / defaultTools.length;
    console.log(
      `      tools/list: ${defaultTools.length} tools, ${JSON.stringify(defaultTools).length} chars, ${Math.round(measured)} per tool (with earlier names: ${tools.length} tools, ${Math.round(JSON.stringify(tools).length / tools.length)} per tool)`,
    );
    assert.ok(measured <= LIST_BUDGET_PER_TOOL, `tools/list averages ${Math.round(measured)} characters per tool`);
    const names = defaultTools.map((candidate) => candidate.name);
    for (const alias of Object.keys(ALIASES)) assert.ok(!names.includes(alias), `${alias} is not listed by default`);
    assert.equal(defaultTools.length, tools.length - Object.keys(ALIASES).length);
    // Unlisted, they still answer: old prompts keep working.
    assert.equal((await call(client, 'getConsoleLogs')).isError, undefined);
  });
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

  it('lists the spec tools, the earlier names (legacyToolNames), and the detail tools, sorted', () => {
    const names = tools.map((candidate) => candidate.name);
    for (const name of [
      ...SPEC_TOOLS,
      ...Object.keys(ALIASES),
      ...DETAIL_TOOLS,
      ...ACTION_TOOLS,
      ...PAGE_CONTROL_TOOLS,
      ...PERFORMANCE_TOOLS,
      ...RECORDING_TOOLS,
      ...NETWORK_MOCK_TOOLS,
      ...INSPECTION_TOOLS,
    ])
      assert.ok(names.includes(name), `${name} is listed`);
    assert.equal(
      names.length,
      SPEC_TOOLS.length +
        Object.keys(ALIASES).length +
        DETAIL_TOOLS.length +
        ACTION_TOOLS.length +
        PAGE_CONTROL_TOOLS.length +
        PERFORMANCE_TOOLS.length +
        RECORDING_TOOLS.length +
        NETWORK_MOCK_TOOLS.length +
        INSPECTION_TOOLS.length,
    );
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('describes every tool and every parameter, nested ones included, and rejects unknown arguments', () => {
    for (const { name, description, inputSchema } of tools) {
      assert.ok(description && description.length > 40, `${name} has a real description`);
      assert.equal(inputSchema.type, 'object');
      assert.equal((inputSchema as JsonSchema).additionalProperties, false, `${name} rejects unknown arguments`);
      for (const [path, schema] of parameters(inputSchema as JsonSchema))
        assert.ok(schema.description, `${name}.${path} has a description`);
    }
  });

  it('gives the spec parameters their types, ranges and defaults', () => {
    const logs = tool('get_console_logs').inputSchema as JsonSchema;
    assert.deepEqual(logs.properties!.level!.enum, ['debug', 'log', 'info', 'warn', 'error']);
    assert.deepEqual(
      [logs.properties!.limit!.minimum, logs.properties!.limit!.maximum, logs.properties!.limit!.default],
      [1, 1000, 100],
    );
    assert.equal((logs.properties!.since as { format?: string }).format, 'date-time');
    const network = tool('get_network_requests').inputSchema as JsonSchema;
    for (const name of ['status', 'method', 'limit', 'failed'])
      assert.ok(network.properties![name], `get_network_requests.${name}`);
    const options = (tool('screenshot_capture').inputSchema as JsonSchema).properties!.options!.properties!;
    assert.deepEqual(Object.keys(options).sort(), [
      'format',
      'fullPage',
      'quality',
      'removeElements',
      'selector',
      'waitFor',
    ]);
    assert.deepEqual([options.fullPage!.default, options.quality!.default, options.format!.default], [true, 80, 'png']);
    assert.deepEqual([options.quality!.minimum, options.quality!.maximum], [1, 100]);
    const script = tool('execute_javascript').inputSchema as JsonSchema;
    assert.deepEqual(script.required, ['code']);
    assert.ok(script.properties!.returnResult);
    const navigate = tool('navigate_to_url').inputSchema as JsonSchema;
    assert.deepEqual(navigate.properties!.waitUntil!.enum, ['load', 'domcontentloaded']);
    for (const name of ['execute_javascript', 'navigate_to_url', 'screenshot_capture', 'get_current_page']) {
      assert.ok((tool(name).inputSchema as JsonSchema).properties!.tabId, `${name} takes tabId`);
    }
  });

  it('marks reads read-only and clear_logs destructive', () => {
    for (const name of [
      'get_console_logs',
      'get_network_requests',
      'get_selected_element',
      'get_console_entry',
      'get_network_request',
      'list_tabs',
      'get_current_page',
      'screenshot_capture',
    ]) {
      assert.equal(tool(name).annotations?.readOnlyHint, true, name);
    }
    // Hints equal to MCP's defaults (readOnlyHint false, destructiveHint true) are left out of the list.
    assert.equal(tool('clear_logs').annotations?.destructiveHint ?? true, true);
    assert.equal(tool('clear_logs').annotations?.readOnlyHint ?? false, false);
    assert.equal(tool('execute_javascript').annotations?.readOnlyHint ?? false, false);
    assert.equal(tool('navigate_to_url').annotations?.readOnlyHint ?? false, false);
  });

  it('gives the earlier names the same schema and annotations (getNetworkErrors has failed fixed)', () => {
    assert.deepEqual(tool('getConsoleLogs').inputSchema, tool('get_console_logs').inputSchema);
    assert.deepEqual(tool('takeScreenshot').inputSchema, tool('screenshot_capture').inputSchema);
    const { failed: _failed, ...rest } = (tool('get_network_requests').inputSchema as JsonSchema).properties!;
    assert.deepEqual((tool('getNetworkErrors').inputSchema as JsonSchema).properties, rest);
    for (const [alias, target] of Object.entries(ALIASES)) {
      assert.deepEqual(tool(alias).annotations?.readOnlyHint, tool(target).annotations?.readOnlyHint);
      assert.match(tool(alias).description!, new RegExp(`Earlier name.*${target}`));
    }
  });

  it('answers an alias exactly as the tool it stands for', async () => {
    const { store } = t.connector.services;
    store.ingest({ type: 'console-log', level: 'warn', message: 'careful', timestamp: Date.now() });
    store.ingest({
      type: 'network-request',
      method: 'GET',
      url: 'http://localhost:5173/api/a',
      status: 404,
      timestamp: Date.now(),
    });
    store.ingest({
      type: 'network-request',
      method: 'GET',
      url: 'http://localhost:5173/api/b',
      status: 200,
      timestamp: Date.now(),
    });
    await call(client, 'get_console_logs'); // settles the digest, so both answers below carry none
    assert.equal(
      textOf(await call(client, 'getConsoleLogs', { level: 'warn' })),
      textOf(await call(client, 'get_console_logs', { level: 'warn' })),
    );
    assert.equal(
      textOf(await call(client, 'getNetworkErrors')),
      textOf(await call(client, 'get_network_requests', { failed: true })),
    );
    assert.match(textOf(await call(client, 'getNetworkErrors')), /api\/a/);
    assert.doesNotMatch(textOf(await call(client, 'getNetworkErrors')), /api\/b/);
  });

  it('answers an unknown tool and an internal failure as tool errors that say what to do', async () => {
    const unknown = await call(client, 'get_console_log');
    assert.equal(unknown.isError, true);
    assert.match(
      textOf(unknown),
      /^Unknown tool 'get_console_log'\. Available tools: clear_logs, .*execute_javascript, .*get_console_logs/,
    );
    const { store } = t.connector.services;
    const query = store.query;
    store.query = () => {
      throw new Error('disk on fire');
    };
    try {
      const broken = await call(client, 'get_console_logs');
      assert.equal(broken.isError, true);
      assert.match(
        textOf(broken),
        /^Internal error in get_console_logs: disk on fire\. This is a bug in Browser Debug; other tools still work\./,
      );
    } finally {
      store.query = query;
    }
    assert.equal((await call(client, 'get_console_logs')).isError, undefined, 'the session goes on');
  });

  it('keeps the tool reference (docs/mcp-tools.md) in sync with the definitions (npm run docs:tools)', () => {
    const reference = readFileSync(resolve(__dirname, '../../..', TOOLS_DOC_FILE), 'utf8');
    assert.equal(
      replaceBetweenMarkers(reference, TOOLS_DOC_MARKERS, renderToolsDoc()),
      reference,
      `${TOOLS_DOC_FILE} is out of date: run npm run docs:tools`,
    );
    for (const name of tools.map((candidate) => candidate.name))
      assert.ok(renderToolsDoc().includes(`\`${name}\``), `${name} is documented`);
  });
});
