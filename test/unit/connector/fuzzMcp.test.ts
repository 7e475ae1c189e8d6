import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { anyJson, assertSentinelsKept, FUZZ_PARAMS, hostileString, seedSentinels } from '../../support/fuzz';
import { request } from '../../support/http';
import { httpClient, startMcpConnector, type McpTestConnector } from '../../support/mcp';

/** Left out: clear_logs wipes on purpose; audits and traces start Chrome or wait for one. */
const SKIPPED = new Set(['clear_logs', 'run_engine_audit', 'performance_trace']);

describe('fuzz: MCP tool calls and JSON-RPC bodies (fast-check, real SDK client over Streamable HTTP)', function () {
  this.timeout(120_000);
  let t: McpTestConnector;
  let client: Client;
  let dir: string;
  let sentinels: string[];
  const seen = { tried: 0, refused: 0 };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bd-fuzz-mcp-'));
    t = await startMcpConnector({ recordings: { dir }, commandTimeoutMs: 500 });
    sentinels = await seedSentinels(t);
    client = (await httpClient(t.port)).client;
  });
  after(async () => {
    console.log(`      MCP: ${seen.tried} calls and bodies tried, ${seen.refused} refused (isError or JSON-RPC error)`);
    await client?.close();
    await t?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every tool call with any arguments gets an answer; a refusal is an isError answer that says what to do', async () => {
    const tools = (await client.listTools()).tools.filter((tool) => !SKIPPED.has(tool.name));
    const argumentsFor = (name: string) => {
      const properties = Object.keys(
        (tools.find((tool) => tool.name === name)!.inputSchema.properties ?? {}) as Record<string, unknown>,
      );
      return fc.dictionary(
        fc.oneof(properties.length ? fc.constantFrom(...properties) : hostileString, hostileString),
        fc.oneof(hostileString, anyJson, fc.integer(), fc.constant('e1'), fc.constant('rec-0123456789ab')),
        { maxKeys: 4 },
      );
    };
    const call = fc.oneof(fc.constantFrom(...tools.map((tool) => tool.name)), hostileString).chain((name) =>
      (tools.some((tool) => tool.name === name) ? argumentsFor(name) : fc.constant({})).map((args) => ({
        name,
        args,
      })),
    );
    await fc.assert(
      fc.asyncProperty(call, async ({ name, args }) => {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        seen.tried++;
        const text = result.content
          .filter((part) => part.type === 'text')
          .map((part) => (part as { text: string }).text)
          .join('\n');
        assert.ok(text.length > 0, `${name}: an answer with text`);
        if (result.isError) {
          seen.refused++;
          assert.ok(text.length > 20, `${name}: the error says what to do: ${text}`);
        }
      }),
      { ...FUZZ_PARAMS, numRuns: 600 },
    );
  });

  it('raw JSON-RPC bodies at /mcp get a JSON-RPC error, never a crash', async () => {
    const body = fc.oneof(
      anyJson.map((value) => JSON.stringify(value)),
      fc
        .record({
          jsonrpc: fc.oneof(fc.constant('2.0'), hostileString),
          id: fc.oneof(fc.integer(), hostileString, fc.constant(null)),
          method: fc.oneof(fc.constantFrom('initialize', 'tools/call', 'tools/list', 'ping'), hostileString),
          params: anyJson,
        })
        .map((value) => JSON.stringify(value)),
      hostileString,
    );
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const answer = await request(t.port, 'POST', '/mcp', {
          headers: { accept: 'application/json, text/event-stream' },
          rawBody: raw,
        });
        seen.tried++;
        assert.ok(answer.status !== 500 && answer.status < 600, `${answer.status} ${answer.text.slice(0, 300)}`);
        if (answer.status >= 400) {
          seen.refused++;
          const error = (answer.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
          assert.ok(error && typeof error.message === 'string', `${answer.status} ${answer.text.slice(0, 300)}`);
        }
      }),
      { ...FUZZ_PARAMS, numRuns: 400 },
    );
    await assertSentinelsKept(t, sentinels);
  });
});
