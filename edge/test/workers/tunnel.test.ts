import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { bearer, expectError, issueToken, json, registerAccount, unique } from './helpers';
import { connect, openTunnel } from './sockets';

async function setup() {
  const account = await registerAccount();
  const { token: connectorToken, keys } = await issueToken(account);
  const { token: clientToken } = await issueToken(account);
  return { account, connectorToken, clientToken, keys, sessionId: unique('session') };
}

const log = (message: string, level = 'log') => ({
  type: 'console-log',
  level,
  message,
  timestamp: Date.now(),
  url: 'https://app.test/',
});

describe('/tunnel/<session_id>', () => {
  it('carries captures up from the connector to every client, with per-session seq', async () => {
    const { connectorToken, clientToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const a = await connect(sessionId, bearer(clientToken));
    const b = await connect(sessionId, bearer(clientToken), '?role=client');
    connector.send({ type: 'batch', batchSeq: 1, events: [log('one'), log('two', 'warn')] });
    expect(await connector.ofType('ack')).toMatchObject({ batchSeq: 1, stored: 2 });
    for (const client of [a, b]) {
      expect(await client.ofType('console-log')).toMatchObject({
        message: 'one',
        seq: 1,
        id: `${sessionId}:1`,
        sessionId,
      });
      expect(await client.ofType('console-log')).toMatchObject({ message: 'two', level: 'warn', seq: 2 });
    }
    connector.send(log('three'));
    expect(await a.ofType('console-log')).toMatchObject({ message: 'three', seq: 3 });
    [connector, a, b].forEach((s) => s.close());
  });

  it('sends commands down to the connector and the reply back to the asking client only', async () => {
    const { connectorToken, clientToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const asker = await connect(sessionId, bearer(clientToken));
    const bystander = await connect(sessionId, bearer(clientToken));
    asker.send({ type: 'command', id: 'cmd-1', name: 'screenshot', args: { fullPage: false } });
    const command = await connector.ofType('command');
    expect(command).toMatchObject({ name: 'screenshot', args: { fullPage: false } });
    connector.send({
      type: 'reply',
      id: command.id,
      result: { screenshot: 'data:image/png;base64,AAAA', format: 'png' },
    });
    expect(await asker.ofType('reply')).toMatchObject({ id: 'cmd-1', result: { format: 'png' } });
    await expect(bystander.ofType('reply', 300)).rejects.toThrow(/no matching frame/);
    [connector, asker, bystander].forEach((s) => s.close());
  });

  it('answers a command at once with BROWSER_NOT_CONNECTED when no connector is there', async () => {
    const { account, connectorToken, clientToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    connector.close();
    const client = await connect(sessionId, bearer(clientToken));
    client.send({ type: 'command', id: 'c', name: 'screenshot' });
    expect((await client.ofType('reply')).error.code).toBe('BROWSER_NOT_CONNECTED');
    const http = await account.call.fetch(`/api/v1/sessions/${sessionId}/commands`, {
      method: 'POST',
      headers: bearer(clientToken),
      json: { name: 'screenshot' },
    });
    await expectError(http, 502, 'BROWSER_NOT_CONNECTED');
    client.close();
  });

  it('runs a command over HTTP: POST /api/v1/sessions/{id}/commands waits for the connector reply', async () => {
    const { account, connectorToken, clientToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const pending = account.call.fetch(`/api/v1/sessions/${sessionId}/commands`, {
      method: 'POST',
      headers: bearer(clientToken),
      json: { name: 'current-url', timeoutMs: 5000 },
    });
    const command = await connector.ofType('command');
    connector.send({ type: 'reply', id: command.id, result: { url: 'https://app.test/page' } });
    const body = await json(await pending);
    expect(body.data).toEqual({ name: 'current-url', result: { url: 'https://app.test/page' } });
    const failing = account.call.fetch(`/api/v1/sessions/${sessionId}/commands`, {
      method: 'POST',
      headers: bearer(clientToken),
      json: { name: 'screenshot' },
    });
    const second = await connector.ofType('command');
    connector.send({ type: 'reply', id: second.id, error: { code: 'SCREENSHOT_FAILED', message: 'tab is chrome://' } });
    const failed = await expectError(await failing, 502, 'COMMAND_FAILED');
    expect(failed.error.message).toBe('tab is chrome://');
    const slow = await expectError(
      await account.call.fetch(`/api/v1/sessions/${sessionId}/commands`, {
        method: 'POST',
        headers: bearer(clientToken),
        json: { name: 'tabs', timeoutMs: 200 },
      }),
      504,
      'TIMEOUT',
    );
    expect(slow.error.details.timeoutMs).toBe(200);
    connector.close();
  });

  it('a client token without write scope may follow but not command', async () => {
    const { account, connectorToken, sessionId } = await setup();
    const { token: readOnly } = await issueToken(account, { scope: 'read' });
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const client = await connect(sessionId, bearer(readOnly));
    client.send({ type: 'command', id: 'x', name: 'screenshot' });
    expect((await client.ofType('reply')).error.code).toBe('FORBIDDEN');
    const { res } = await openTunnel(unique('session'), bearer(readOnly), '?role=connector');
    await expectError(res, 403, 'FORBIDDEN');
    [connector, client].forEach((s) => s.close());
  });

  it('records the session: connector, authenticated, online state, capabilities, last_activity', async () => {
    const { connectorToken, keys, sessionId, account } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    connector.send({
      type: 'hello',
      protocolVersion: 1,
      client: 'browser-debug-connector',
      version: '0.1.0',
      capabilities: ['screenshot', 'navigate'],
    });
    connector.send({ type: 'heartbeat' });
    await connector.ofType('heartbeat');
    // The hello is written to D1 while later frames are already answered: wait for the row, not a reply.
    const read = () => env.DB.prepare('SELECT * FROM sessions WHERE id = ?').bind(sessionId).first<any>();
    await vi.waitFor(async () => expect((await read())?.capabilities).toBeTruthy(), { timeout: 5_000 });
    const row = await read();
    expect(row).toMatchObject({
      connector_id: keys.clientId,
      account_id: account.accountId,
      authenticated: 1,
      connector_online: 1,
    });
    expect(JSON.parse(row.capabilities)).toEqual(['screenshot', 'navigate']);
    expect(Math.abs(row.last_activity - Date.now() / 1000)).toBeLessThan(5);
    const listed = (
      await json(await account.call.fetch('/api/v1/sessions', { headers: { 'X-API-Key': account.adminKey } }))
    ).data.sessions;
    expect(listed.find((s: { id: string }) => s.id === sessionId)).toMatchObject({
      connectorId: keys.clientId,
      connectorOnline: true,
      metadata: { version: '0.1.0' },
    });
    connector.close();
  });

  it('tells clients when the connector goes and comes back; a second connector replaces the first', async () => {
    const { connectorToken, clientToken, sessionId } = await setup();
    const first = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const client = await connect(sessionId, bearer(clientToken));
    const second = await connect(sessionId, bearer(connectorToken), '?role=connector');
    expect((await first.waitClosed()).code).toBe(4000);
    expect((await client.ofType('connector-status')).connected).toBe(true);
    second.close();
    expect(await client.next((f) => f.type === 'connector-status' && f.connected === false)).toBeTruthy();
    client.close();
  });

  it('refuses another connector of the same account on an owned session, and another account entirely', async () => {
    const { account, connectorToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const { token: otherConnector } = await issueToken(account);
    await expectError((await openTunnel(sessionId, bearer(otherConnector), '?role=connector')).res, 403, 'FORBIDDEN');
    const stranger = await registerAccount();
    const { token: strangerToken } = await issueToken(stranger);
    await expectError((await openTunnel(sessionId, bearer(strangerToken))).res, 403, 'FORBIDDEN');
    await expectError((await openTunnel(sessionId, bearer(strangerToken), '?role=connector')).res, 403, 'FORBIDDEN');
    connector.close();
  });

  it('refuses a tunnel without credentials (401), without upgrade (426), with a bad session id (400)', async () => {
    const { clientToken } = await setup();
    await expectError((await openTunnel(unique('session'), {})).res, 401, 'UNAUTHORIZED');
    await expectError(
      await SELF.fetch(`https://edge.test/tunnel/${unique('session')}`, { headers: bearer(clientToken) }),
      426,
      'UPGRADE_REQUIRED',
    );
    await expectError((await openTunnel('bad!', bearer(clientToken))).res, 400, 'INVALID_PARAMETER');
    await expectError(
      (await openTunnel(unique('session'), bearer(clientToken), '?role=boss')).res,
      400,
      'INVALID_PARAMETER',
    );
  });

  it('accepts the token as a subprotocol (browsers cannot set headers on WebSocket)', async () => {
    const { connectorToken, sessionId } = await setup();
    const { res, socket } = await openTunnel(
      sessionId,
      { 'Sec-WebSocket-Protocol': `browser-debug, bearer.${connectorToken}` },
      '?role=connector',
    );
    expect(res.status).toBe(101);
    expect(res.headers.get('Sec-WebSocket-Protocol')).toBe('browser-debug');
    await socket!.ofType('connection-established');
    socket!.close();
  });

  it('answers a bad frame with an error frame and keeps the connection; a bad event costs only itself', async () => {
    const { connectorToken, clientToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    const client = await connect(sessionId, bearer(clientToken));
    connector.send('{not json');
    expect(await connector.ofType('error')).toMatchObject({ code: 'INVALID_FRAME' });
    connector.send({ type: 'console-log', message: 'no level', timestamp: 1 });
    expect((await connector.ofType('error')).message).toContain('level');
    connector.send({
      type: 'batch',
      batchSeq: 7,
      events: [log('good'), { type: 'console-log', level: 'shout', message: 'bad', timestamp: 1 }, { nope: true }],
    });
    const error = await connector.ofType('error');
    expect(error).toMatchObject({ code: 'INVALID_EVENTS' });
    expect(error.details.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2]);
    expect(await connector.ofType('ack')).toMatchObject({ batchSeq: 7, stored: 1 });
    expect(await client.ofType('console-log')).toMatchObject({ message: 'good', seq: 1 });
    client.send({ type: 'command', id: 'x', name: 'Bad Name' });
    expect((await client.ofType('error')).code).toBe('INVALID_FRAME');
    [connector, client].forEach((s) => s.close());
  });

  it('replays stored captures to a client that asks with since, then says replay-complete', async () => {
    const { connectorToken, clientToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    connector.send({ type: 'batch', batchSeq: 1, events: [log('a'), log('b'), log('c')] });
    await connector.ofType('ack');
    const client = await connect(sessionId, bearer(clientToken), '?since=1');
    expect((await client.ofType('console-log')).message).toBe('b');
    expect((await client.ofType('console-log')).message).toBe('c');
    expect(await client.ofType('replay-complete')).toMatchObject({ lastSeq: 3 });
    client.send({ type: 'subscribe', since: 2 });
    expect((await client.ofType('console-log')).seq).toBe(3);
    [connector, client].forEach((s) => s.close());
  });

  it('answers {"type":"ping"} with pong without waking the object (auto response)', async () => {
    const { connectorToken, sessionId } = await setup();
    const connector = await connect(sessionId, bearer(connectorToken), '?role=connector');
    connector.send('{"type":"ping"}');
    expect(await connector.ofType('pong')).toEqual({ type: 'pong' });
    connector.close();
  });
});
