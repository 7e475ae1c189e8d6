import assert from 'node:assert/strict';
import fc from 'fast-check';
import { captureEventSchema } from '../../../src/shared/protocol';
import { clientFrameSchema, extensionFrameSchema, MAX_BATCH_EVENTS } from '../../../src/shared/wireFrames';
import { connectFakeBrowser } from '../../support/connector';
import {
  anyJson,
  assertSentinelsKept,
  captureLike,
  FUZZ_PARAMS,
  hostileString,
  seedSentinels,
} from '../../support/fuzz';
import { startMcpConnector, type McpTestConnector } from '../../support/mcp';
import { TestSocket } from '../../support/wsClient';

const EXTENSION_TYPES = ['hello', 'heartbeat', 'batch', 'screenshot-data', 'reply', 'trace-chunk'];

/** Frames a browser connection could send: well-formed, half-formed and garbage. */
const extensionFrame = fc.oneof(
  fc.record(
    {
      type: fc.constant('batch'),
      events: fc.array(fc.oneof(captureLike, anyJson), { maxLength: 8 }),
      batchSeq: fc.oneof(fc.integer({ min: -2, max: 1e6 }), hostileString),
    },
    { requiredKeys: ['type', 'events'] },
  ),
  captureLike,
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...EXTENSION_TYPES), hostileString),
      protocolVersion: fc.oneof(fc.integer(), hostileString),
      client: hostileString,
      version: hostileString,
      instanceId: hostileString,
      id: hostileString,
      requestId: hostileString,
      transferId: hostileString,
      index: fc.oneof(fc.integer(), hostileString),
      data: hostileString,
      result: anyJson,
      error: fc.oneof(hostileString, anyJson),
    },
    { requiredKeys: ['type'] },
  ),
  anyJson,
);

const clientFrame = fc.oneof(
  fc.record(
    {
      type: fc.oneof(fc.constantFrom('subscribe', 'heartbeat', 'hello'), hostileString),
      since: fc.oneof(fc.integer({ min: -5, max: 1e9 }), fc.double(), hostileString),
      protocolVersion: fc.oneof(fc.integer(), hostileString),
      client: hostileString,
    },
    { requiredKeys: ['type'] },
  ),
  anyJson,
);

/** Sends one raw frame, then a marker frame the connector refuses by name: everything between is this frame's answer. */
async function exchange(socket: TestSocket, raw: string, marker: number): Promise<Record<string, unknown>[]> {
  const from = socket.frames.length;
  socket.send(raw);
  socket.send({ type: `sync-${marker}` });
  await socket.next((frame) => frame.type === 'error' && String(frame.message).includes(`'sync-${marker}'`));
  return socket.frames.slice(from).filter((frame) => !String(frame.message ?? '').includes(`'sync-${marker}'`));
}

function isRefusal(frame: Record<string, unknown>): boolean {
  return frame.type === 'error';
}

function assertClearErrors(answers: Record<string, unknown>[], what: string): void {
  for (const frame of answers.filter(isRefusal)) {
    assert.equal(typeof frame.code, 'string', what);
    assert.ok(typeof frame.message === 'string' && frame.message.length > 10, `${what}: ${JSON.stringify(frame)}`);
  }
}

/** How many refusals the hub owes a frame: per invalid event of a batch, else one for an invalid frame. */
function expectedRefusals(raw: unknown): number {
  const frame = raw as { type?: unknown; events?: unknown } | null;
  if (frame && typeof frame === 'object' && frame.type === 'batch' && Array.isArray(frame.events)) {
    if (frame.events.length > MAX_BATCH_EVENTS) return 1;
    return frame.events.filter((event) => !captureEventSchema.safeParse(event).success).length;
  }
  return extensionFrameSchema.safeParse(raw).success ? 0 : 1;
}

describe('fuzz: /extension-ws and /ws frames (fast-check, real WebSockets against a real connector)', function () {
  this.timeout(120_000);
  let t: McpTestConnector;
  let sentinels: string[];
  let marker = 0;
  const seen = { tried: 0, refused: 0 };
  before(async () => {
    t = await startMcpConnector();
    sentinels = await seedSentinels(t);
  });
  after(async () => {
    console.log(`      WS: ${seen.tried} frames tried, ${seen.refused} refused with an error frame`);
    await t?.stop();
  });

  it('/extension-ws: every invalid frame or event gets its own clear error, the socket stays up, nothing stored is lost', async () => {
    const browser = await connectFakeBrowser(t.port, undefined, 'fuzz');
    await fc.assert(
      fc.asyncProperty(extensionFrame, async (frame) => {
        const raw = JSON.stringify(frame);
        const answers = await exchange(browser, raw, ++marker);
        seen.tried++;
        const refusals = answers.filter(isRefusal).filter((f) => f.code === 'INVALID_FRAME');
        seen.refused += refusals.length ? 1 : 0;
        assertClearErrors(answers, raw.slice(0, 200));
        assert.equal(refusals.length, expectedRefusals(JSON.parse(raw)), raw.slice(0, 300));
      }),
      { ...FUZZ_PARAMS, numRuns: 1200 },
    );
    // Not JSON at all, and binary.
    for (const raw of ['{', 'null', '"text"', '\u0000\u0001', '[1,2', '{"type":"batch","events":{}}'])
      assert.ok((await exchange(browser, raw, ++marker)).some(isRefusal), raw);
    assert.equal(browser.closeCode, undefined, 'the browser connection is still open');
    await browser.close();
    await assertSentinelsKept(t, sentinels);
  });

  it('/ws: every invalid client frame gets a clear error; a socket replays once; nothing stored is lost', async () => {
    const client = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    let replays = 0;
    await fc.assert(
      fc.asyncProperty(clientFrame, async (frame) => {
        const raw = JSON.stringify(frame);
        const answers = await exchange(client, raw, ++marker);
        seen.tried++;
        assertClearErrors(answers, raw.slice(0, 200));
        const parsed = clientFrameSchema.safeParse(JSON.parse(raw));
        if (!parsed.success) {
          seen.refused++;
          assert.ok(
            answers.some((f) => f.code === 'INVALID_FRAME'),
            raw.slice(0, 200),
          );
        } else if (parsed.data.type === 'subscribe' && replays++ > 0) {
          assert.ok(
            answers.some((f) => f.code === 'ALREADY_REPLAYED'),
            raw.slice(0, 200),
          );
        }
      }),
      { ...FUZZ_PARAMS, numRuns: 400 },
    );
    assert.equal(client.frames.filter((f) => f.type === 'replay-complete').length, Math.min(replays, 1));
    await client.close();
    await assertSentinelsKept(t, sentinels);
  });
});
