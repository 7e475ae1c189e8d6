import { describe, expect, it } from 'vitest';
import { bearer, expectError, issueToken, registerAccount, unique } from './helpers';
import { connect } from './sockets';

interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/** Reads an event stream the way EventSource does: blank-line separated blocks of fields. */
class SseReader {
  private buffer = '';
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private decoder = new TextDecoder();

  constructor(res: Response) {
    this.reader = res.body!.getReader();
  }

  async next(type?: string, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parse(block);
        if (event && (!type || event.event === type)) return event;
        continue;
      }
      if (Date.now() > deadline) throw new Error(`no ${type ?? 'event'} within ${timeoutMs} ms`);
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (chunk === null) continue;
      if (chunk.done) throw new Error('stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel();
  }
}

function parse(block: string): SseEvent | undefined {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
  }
  if (!fields.data) return undefined;
  return { id: fields.id, event: fields.event ?? 'message', data: JSON.parse(fields.data) };
}

const log = (message: string) => ({ type: 'console-log', level: 'info', message, timestamp: Date.now() });

async function setup() {
  const account = await registerAccount();
  const { token } = await issueToken(account);
  const sessionId = unique('sse-session');
  const connector = await connect(sessionId, bearer(token), '?role=connector');
  const send = async (batchSeq: number, ...messages: string[]) => {
    connector.send({ type: 'batch', batchSeq, events: messages.map(log) });
    await connector.next((f) => f.type === 'ack' && f.batchSeq === batchSeq);
  };
  return { account, token, sessionId, connector, send };
}

describe('server-sent events: /api/v1/sessions/{id}/events', () => {
  it('streams live captures as events named by type, with id = seq', async () => {
    const { account, token, sessionId, connector, send } = await setup();
    const res = await account.call.fetch(`/api/v1/sessions/${sessionId}/events`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/event-stream');
    const stream = new SseReader(res);
    expect((await stream.next('connection-established')).data).toMatchObject({ sessionId, connectorConnected: true });
    await send(1, 'live one', 'live two');
    const first = await stream.next('console-log');
    expect(first).toMatchObject({ id: '1', data: { message: 'live one', seq: 1, sessionId } });
    expect((await stream.next('console-log')).id).toBe('2');
    connector.close();
    expect((await stream.next('connector-status')).data.connected).toBe(false);
    await stream.close();
  });

  it('starts live without Last-Event-ID, and live too for an id past the end', async () => {
    const { account, token, sessionId, connector, send } = await setup();
    await send(1, 'old one', 'old two');
    for (const headers of [bearer(token), { ...bearer(token), 'Last-Event-ID': '999999' }]) {
      const stream = new SseReader(await account.call.fetch(`/api/v1/sessions/${sessionId}/events`, { headers }));
      expect((await stream.next('connection-established')).data).toMatchObject({ lastSeq: 2, resumedAfter: 2 });
      await stream.close();
    }
    const stream = new SseReader(
      await account.call.fetch(`/api/v1/sessions/${sessionId}/events`, { headers: bearer(token) }),
    );
    await stream.next('connection-established');
    await send(2, 'new one');
    expect((await stream.next('console-log')).data.message).toBe('new one');
    await stream.close();
    connector.close();
  });

  it('resumes after Last-Event-ID: missed captures first, in order, then live ones, no repeats', async () => {
    const { account, token, sessionId, connector, send } = await setup();
    await send(1, 'a', 'b', 'c', 'd');
    const res = await account.call.fetch(`/api/v1/sessions/${sessionId}/events`, {
      headers: { ...bearer(token), 'Last-Event-ID': '2' },
    });
    const stream = new SseReader(res);
    expect((await stream.next('connection-established')).data.resumedAfter).toBe(2);
    await send(2, 'e');
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) seen.push((await stream.next('console-log')).data.message);
    expect(seen).toEqual(['c', 'd', 'e']);
    await expect(stream.next('console-log', 300)).rejects.toThrow();
    await stream.close();
    connector.close();
  });

  it('accepts ?lastEventId= and ?access_token= for EventSource, which cannot send headers', async () => {
    const { account, token, sessionId, connector, send } = await setup();
    await send(1, 'x', 'y');
    const res = await account.call.fetch(`/api/v1/sessions/${sessionId}/events?lastEventId=1&access_token=${token}`);
    const stream = new SseReader(res);
    expect((await stream.next('console-log')).data.message).toBe('y');
    await stream.close();
    connector.close();
  });

  it('needs read scope and the caller’s own session', async () => {
    const { account, sessionId, connector } = await setup();
    await expectError(await account.call.fetch(`/api/v1/sessions/${sessionId}/events`), 401, 'UNAUTHORIZED');
    const stranger = await registerAccount();
    await expectError(
      await stranger.call.fetch(`/api/v1/sessions/${sessionId}/events`, {
        headers: { 'X-API-Key': stranger.adminKey },
      }),
      403,
      'FORBIDDEN',
    );
    connector.close();
  });
});
