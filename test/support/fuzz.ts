import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { McpTestConnector } from './mcp';
import { connectFakeBrowser, consoleLog, networkRequest, until } from './connector';
import { request } from './http';

/** One seed for the whole run, printed on failure by fast-check; FUZZ_SEED replays a run. */
export const FUZZ_PARAMS: fc.Parameters<unknown> = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};

/** Strings a hostile page or caller would try: any unicode, controls, bidi, huge, numeric-looking, paths. */
export const hostileString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    '../../etc/passwd',
    'rec-..%2f',
    '\u001b[2J',
    '\u202eevil',
    '\u0000',
    '__proto__',
    'constructor',
    '%',
    '%zz',
  ),
  fc.integer({ min: 1000, max: 40_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, biased to the shapes our schemas take. */
export const anyJson = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.constantFrom({ __proto__: { polluted: true } }, [], {}, null, 0, -1, true),
);

const CAPTURE_TYPES = [
  'console-log',
  'console-error',
  'network-request',
  'selected-element',
  'page-navigated',
  'current-url',
  'dropped',
  'web-vitals',
];

/** Capture-like objects: the right type with fields of any type, size or shape. */
export const captureLike = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...CAPTURE_TYPES), hostileString),
    level: fc.oneof(fc.constantFrom('log', 'info', 'warn', 'error', 'debug'), hostileString),
    message: fc.oneof(hostileString, anyJson),
    method: fc.oneof(fc.constantFrom('GET', 'POST'), hostileString),
    url: fc.oneof(hostileString, fc.webUrl()),
    status: fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double(), hostileString),
    timestamp: fc.oneof(fc.integer({ min: 0 }), fc.double(), hostileString, fc.constant(-1)),
    tabId: fc.oneof(fc.integer(), hostileString),
    pageLoadId: hostileString,
    count: fc.oneof(fc.integer({ min: -5, max: 10 }), hostileString),
    requestHeaders: fc.dictionary(hostileString, fc.oneof(hostileString, fc.integer()), { maxKeys: 5 }),
    frames: fc.array(
      fc.record({ url: hostileString, line: fc.integer(), column: fc.integer(), functionName: hostileString }),
      { maxLength: 3 },
    ),
    element: anyJson,
    metric: anyJson,
  },
  { requiredKeys: ['type'] },
);

/** Captures stored before the fuzzing starts: every one of them must still be there after. */
export async function seedSentinels(t: McpTestConnector): Promise<string[]> {
  const browser = await connectFakeBrowser(t.port, undefined, 'fuzz-sentinels');
  const events = [
    ...Array.from({ length: 20 }, (_, i) => consoleLog(`sentinel log ${i}`)),
    ...Array.from({ length: 10 }, (_, i) => networkRequest(`http://app.test/sentinel/${i}`, i % 2 ? 500 : 200)),
  ];
  browser.send({ type: 'batch', batchSeq: 1, events });
  await browser.next((frame) => frame.type === 'ack');
  await browser.close();
  const ids: string[] = [];
  await until(() => t.connector.services.store.lastSeq >= events.length);
  for (let seq = 1; seq <= events.length; seq++) ids.push(String(seq));
  return ids;
}

/** Every sentinel is still stored, and the connector still answers. */
export async function assertSentinelsKept(t: McpTestConnector, ids: string[]): Promise<void> {
  const lost = ids.filter((id) => !t.connector.services.store.findById(id));
  assert.deepEqual(lost, [], 'captures stored before the fuzzing are all still there');
  const health = await request(t.port, 'GET', '/health');
  assert.equal(health.status, 200);
}

/** An error in the spec's envelope: A `{error:{code,message}}` or B `{status:'error', error:{code,message}}`. */
export function assertErrorEnvelope(json: unknown, what: string): void {
  const body = json as { status?: string; error?: { code?: unknown; message?: unknown } } | undefined;
  assert.ok(body && typeof body === 'object', `${what}: JSON error body`);
  assert.equal(typeof body.error?.code, 'string', `${what}: error.code`);
  assert.ok(typeof body.error?.message === 'string' && body.error.message.length > 5, `${what}: error.message`);
}

/** Counts what the suites tried and refused, for the report. */
export const tally = { tried: 0, refused: 0 };
