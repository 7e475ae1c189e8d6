import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { callerHeaders } from '../../support/callerSecret';
import { startTestConnector, type TestConnector } from '../../support/connector';
import { get, post, request } from '../../support/http';

/** Streams `chunks` with no Content-Length (chunked), as a client that does not know the size would. */
function postChunked(
  port: number,
  path: string,
  chunks: string[],
): Promise<{ status: number; json: any; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...callerHeaders() },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text), connection: res.headers.connection }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/**
 * A client on a raw socket that writes `total` bytes of JSON and keeps writing after the answer comes,
 * with a declared length or chunked: it must get the whole answer, with no EPIPE or reset. (Node's own
 * http client stops writing once a response ends, so it cannot play this client.)
 */
/** The run's caller secret as a raw header line (this client writes HTTP by hand). */
function authorization(): string {
  return Object.entries(callerHeaders())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

async function postFlood(
  port: number,
  total: number,
  declare: boolean,
): Promise<{ status: number; json: any; errors: string[]; written: number }> {
  const socket = connect(port, '127.0.0.1');
  const errors: string[] = [];
  socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
  let received = '';
  socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
  const framing = declare ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
  socket.write(
    `POST /extension-log HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${authorization()}Content-Type: application/json\r\n${framing}\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 'x');
  chunk.write('{"data":{"message":"');
  let written = 0;
  while (written < total && !errors.length && !socket.destroyed) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
    written += piece.length;
    const framed = declare
      ? piece
      : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    if (!socket.write(framed)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
  }
  if (!declare) socket.write('0\r\n\r\n');
  const answer = /^HTTP\/1\.1 (\d+)[^]*?\r\ncontent-length: (\d+)\r\n[^]*?\r\n\r\n/i;
  while (
    !answer.test(received) ||
    received.length < received.indexOf('\r\n\r\n') + 4 + Number(answer.exec(received)![2])
  )
    await new Promise((resolve, reject) => {
      socket.once('data', resolve);
      socket.once('close', () => reject(new Error(`closed before the answer (${errors.join(', ')}): ${received}`)));
    });
  socket.end();
  const [head, body] = [
    received.slice(0, received.indexOf('\r\n\r\n')),
    received.slice(received.indexOf('\r\n\r\n') + 4),
  ];
  return { status: Number(answer.exec(head + '\r\n\r\n')![1]), json: JSON.parse(body), errors, written };
}

const entry = (message: string) => ({ data: { type: 'console-log', level: 'info', message, timestamp: 1 } });

describe('POST /extension-log without express (the lean ingest path)', () => {
  let t: TestConnector;
  beforeEach(async () => (t = await startTestConnector({ maxBodyBytes: 64 * 1024 })));
  afterEach(() => t.stop());

  const stored = () => t.connector.services.store.counts().consoleLogs;

  it('answers in both envelopes with the request id, and stores the entry', async () => {
    const a = await post(t.port, '/extension-log', entry('a'), { 'x-request-id': 'req-1' });
    assert.equal(a.status, 200);
    assert.deepEqual(Object.keys(a.json).sort(), ['id', 'seq', 'success']);
    assert.equal(a.headers['x-request-id'], 'req-1');
    assert.match(String(a.headers['content-type']), /^application\/json; charset=utf-8$/);
    for (const prefix of ['/api/v1', '/api']) {
      const b = await post(t.port, `${prefix}/extension-log`, entry(prefix), { 'x-request-id': 'bad id with spaces' });
      assert.equal(b.json.status, 'success', prefix);
      assert.equal(b.json.data.success, true);
      assert.equal(b.json.requestId, b.headers['x-request-id']);
      assert.notEqual(b.json.requestId, 'bad id with spaces', 'a malformed request id is replaced');
    }
    const logs = (await get(t.port, '/console-logs')).json.logs;
    assert.deepEqual(
      logs.map((log: any) => log.message),
      ['a', '/api/v1', '/api'],
    );
    assert.equal(logs[0].id, a.json.id);
  });

  it('refuses web pages and foreign hosts before reading the body, and stores nothing', async () => {
    const refused: Record<string, string>[] = [
      { origin: 'http://localhost:5173' },
      { origin: 'null' },
      { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
      { 'sec-fetch-site': 'cross-site' },
      { host: 'evil.example' },
      { host: `localhost:${t.port + 1}` },
    ];
    for (const headers of refused) {
      const denied = await post(t.port, '/extension-log', entry('evil'), headers);
      assert.equal(denied.status, 403, JSON.stringify(headers));
      assert.equal(denied.json.error.code, 'FORBIDDEN');
      assert.equal(denied.headers['access-control-allow-origin'], undefined);
    }
    assert.equal(stored(), 0);
    const allowed = await post(t.port, '/extension-log', entry('ours'), {
      origin: 'chrome-extension://papcjkpphcpdofbojkpggdndgppmkkil',
    });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers['access-control-allow-origin'], 'chrome-extension://papcjkpphcpdofbojkpggdndgppmkkil');
    assert.equal(allowed.headers.vary, 'Origin');
  });

  it('caps the body whether or not it declares its size, and keeps serving', async () => {
    const declared = await request(t.port, 'POST', '/api/v1/extension-log', { body: entry('x'.repeat(100 * 1024)) });
    assert.equal(declared.status, 413);
    assert.equal(declared.json.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(declared.json.error.details.limit, 64 * 1024);
    const body = JSON.stringify(entry('y'.repeat(100 * 1024)));
    const streamed = await postChunked(t.port, '/extension-log', [
      body.slice(0, 30_000),
      body.slice(30_000, 60_000),
      body.slice(60_000),
    ]);
    assert.equal(streamed.status, 413);
    assert.equal(streamed.json.error.code, 'PAYLOAD_TOO_LARGE');
    assert.notEqual(streamed.connection, 'close', 'the rest of the body is read and dropped');
    const small = JSON.stringify(entry('streamed'));
    assert.equal((await postChunked(t.port, '/extension-log', [small.slice(0, 10), small.slice(10)])).status, 200);
    assert.equal(stored(), 1);
  });

  it('a 5 MB body gets its 413 envelope while the client keeps writing: no EPIPE, and the server keeps serving', async () => {
    for (const declare of [true, false]) {
      const flood = await postFlood(t.port, 5 * 1024 * 1024, declare);
      assert.deepEqual(flood.errors, [], `declared: ${declare}`);
      assert.equal(flood.written, 5 * 1024 * 1024, 'the client wrote it all');
      assert.equal(flood.status, 413);
      assert.equal(flood.json.error.code, 'PAYLOAD_TOO_LARGE');
      assert.equal(flood.json.error.details.limit, 64 * 1024);
      assert.match(flood.json.error.message, /larger than the 65536 byte limit/);
    }
    assert.equal((await post(t.port, '/extension-log', entry('after the flood'))).status, 200);
    assert.equal(stored(), 1);
  });

  it('answers bad JSON as express.json() does, and other content types through express', async () => {
    for (const rawBody of ['{"data": ', '42', '"text"', 'nul']) {
      const bad = await request(t.port, 'POST', '/extension-log', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(bad.status, 400, rawBody);
      assert.equal(bad.json.error.code, 'INVALID_REQUEST');
      assert.match(bad.json.error.message, /not valid JSON/);
    }
    const empty = await request(t.port, 'POST', '/api/v1/extension-log', {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(empty.json.error.code, 'BAD_REQUEST');
    assert.match(empty.json.error.message, /'data'/);
    const text = await request(t.port, 'POST', '/extension-log', {
      rawBody: JSON.stringify(entry('t')),
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(text.status, 400);
    assert.match(text.json.error.message, /'data'/);
    const charset = await request(t.port, 'POST', '/extension-log', {
      rawBody: JSON.stringify(entry('é')),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    assert.equal(charset.status, 200);
    assert.equal((await get(t.port, '/console-logs')).json.logs[0].message, 'é');
  });

  it('stores every one of many concurrent posts once, with unique ids', async () => {
    const answers: { status: number; json: any }[] = [];
    let next = 0;
    const client = async () => {
      while (next < 2000) answers.push(await post(t.port, '/extension-log', entry(`m${next++}`)));
    };
    await Promise.all(Array.from({ length: 20 }, client));
    assert.ok(answers.every((answer) => answer.status === 200));
    assert.equal(new Set(answers.map((answer) => answer.json.id)).size, 2000);
    assert.equal(stored(), 2000);
  });
});
