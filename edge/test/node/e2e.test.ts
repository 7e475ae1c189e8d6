import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  generateClientKeys,
  RemoteLink,
  TokenSource,
  type ClientKeys,
  type RemoteStatus,
  type WebSocketLike,
} from '../../../src/shared/remote';
import { registerAccount, startWranglerDev, type DevServer } from './wranglerDev';

/**
 * End to end over loopback: `wrangler dev --local`, the hybrid-mode client (src/shared/remote, what the
 * connector runs) fed by a scripted browser, and a remote reader using a token, SSE and a tunnel.
 */
let dev: DevServer;
let apiKey: string;
let link: RemoteLink;
let reader: string;
const sessionId = `e2e-${Date.now()}`;
const statuses: RemoteStatus[] = [];

const nodeSocket = (url: string, token: string) =>
  new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } }) as unknown as WebSocketLike;
const log = (message: string, url = 'https://app.test/page') => ({
  type: 'console-log',
  level: 'info',
  message,
  timestamp: Date.now(),
  url,
});

async function api(path: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(dev.url + path, {
    ...init,
    headers: { Authorization: `Bearer ${reader}`, 'X-Session-ID': sessionId, ...init.headers },
  });
  return res.json();
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out; last status ${JSON.stringify(statuses.at(-1))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const drained = () => until(() => link.status().state === 'online' && link.status().queued === 0);

beforeAll(async () => {
  dev = await startWranglerDev('e2e-secret-that-is-long-enough-0123456789');
  ({ apiKey } = await registerAccount(dev.url, 'E2E'));
  // The remote reader (an assistant elsewhere) enrols its own client and reads with a token.
  const readerKeys: ClientKeys = await generateClientKeys(`reader-${Date.now()}`);
  reader = await new TokenSource(dev.url, readerKeys, apiKey).get();
}, 120_000);

afterAll(async () => {
  link?.stop();
  await dev?.stop();
});

describe('hybrid mode end to end (wrangler dev --local)', () => {
  it('queues captures while offline, forwards only opted-in origins, in order, once online', async () => {
    const keys = await generateClientKeys(`connector-${Date.now()}`);
    link = new RemoteLink({
      url: dev.url,
      sessionId,
      keys,
      apiKey,
      origins: ['https://app.test'],
      openSocket: nodeSocket,
      version: 'e2e',
      onStatus: (status) => statuses.push(status),
      onCommand: async (name) => {
        if (name === 'screenshot')
          return {
            screenshot: 'data:image/png;base64,iVBORw0KGgo=',
            format: 'png',
            dimensions: { width: 1280, height: 800 },
          };
        throw Object.assign(new Error(`unknown command ${name}`), { code: 'UNKNOWN_COMMAND' });
      },
    });
    expect(link.forward(log('one'))).toBe(true);
    expect(link.forward(log('secret', 'https://mail.other.test/inbox'))).toBe(false);
    expect(
      link.forward({ type: 'console-error', message: 'two', timestamp: Date.now() }, 'https://app.test/page'),
    ).toBe(true);
    // The page decides, not the request's own URL: a call to app.test made by another site's page stays here.
    expect(
      link.forward(
        { type: 'network-request', method: 'GET', url: 'https://app.test/api', status: 500, timestamp: Date.now() },
        'https://mail.other.test/inbox',
      ),
    ).toBe(false);
    expect(link.status()).toMatchObject({ state: 'stopped', queued: 2 });
    link.start();
    await drained();
    const body = await api('/api/v1/console-logs');
    expect(body.data.logs.map((l: { message: string }) => l.message)).toEqual(['one', 'two']);
    const sessions = await api('/api/v1/sessions');
    expect(sessions.data.sessions[0]).toMatchObject({
      id: sessionId,
      connectorOnline: true,
      metadata: { version: 'e2e' },
    });
  });

  it('loses nothing across a disconnect and keeps order for 2000 captures', async () => {
    link.stop();
    for (let i = 0; i < 20; i++) link.forward(log(`offline ${i}`));
    link.start();
    for (let i = 0; i < 2000; i++) link.forward(log(`bulk ${i}`));
    await drained();
    const body = await api('/api/v1/console-logs?limit=1000');
    expect(body.data.total).toBe(2022);
    const all = (await (
      await fetch(`${dev.url}/export/json?kind=console`, {
        headers: { Authorization: `Bearer ${reader}`, 'X-Session-ID': sessionId },
      })
    ).json()) as { captures: { message: string; seq: number }[] };
    const expected = [
      'one',
      'two',
      ...Array.from({ length: 20 }, (_, i) => `offline ${i}`),
      ...Array.from({ length: 2000 }, (_, i) => `bulk ${i}`),
    ];
    expect(all.captures.map((c) => c.message)).toEqual(expected);
    expect(all.captures.map((c) => c.seq)).toEqual(expected.map((_, i) => i + 1));
  });

  it('streams live captures over SSE, resuming after Last-Event-ID', async () => {
    const controller = new AbortController();
    const res = await fetch(`${dev.url}/api/v1/sessions/${sessionId}/events`, {
      headers: { Authorization: `Bearer ${reader}`, 'Last-Event-ID': '2021' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    link.forward(log('after resume'));
    const reader2 = res.body!.getReader();
    let text = '';
    while (!text.includes('after resume')) text += new TextDecoder().decode((await reader2.read()).value);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([2022, 2023]);
    expect(text).toContain('event: console-log');
    controller.abort();
  });

  it('carries a command down the tunnel and the reply back, over WebSocket and over HTTP', async () => {
    const client = new WebSocket(`${dev.url.replace('http', 'ws')}/tunnel/${sessionId}`, {
      headers: { Authorization: `Bearer ${reader}` },
    });
    const frames: any[] = [];
    client.on('message', (data) => frames.push(JSON.parse(String(data))));
    await until(() => frames.some((f) => f.type === 'connection-established'));
    client.send(JSON.stringify({ type: 'command', id: 'shot-1', name: 'screenshot', args: { fullPage: false } }));
    await until(() => frames.some((f) => f.type === 'reply'));
    expect(frames.find((f) => f.type === 'reply')).toMatchObject({
      id: 'shot-1',
      result: { format: 'png', dimensions: { width: 1280 } },
    });
    client.close();
    const http = await api(`/api/v1/sessions/${sessionId}/commands`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'screenshot' }),
    });
    expect(http.data.result.screenshot).toMatch(/^data:image\/png;base64,/);
    const failed = await api(`/api/v1/sessions/${sessionId}/commands`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'reboot' }),
    });
    // The edge knows the remote commands (src/shared/remote): an unknown one is refused before it reaches the connector.
    expect(failed.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: { parameter: 'name', value: 'reboot', validValues: expect.arrayContaining(['screenshot', 'tabs']) },
    });
  });

  it('serves an OpenAPI document that validates, with security headers on plain HTTP in development', async () => {
    const res = await fetch(`${dev.url}/api-docs/openapi.json`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const result = await new Validator().validate((await res.json()) as Record<string, unknown>);
    expect(result.valid).toBe(true);
  });
});
