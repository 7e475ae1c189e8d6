import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { backoffSeconds } from '../../src/webhooks/deliver';
import type { WebhookMessage } from '../../src/base/webhookMessage';
import { bearer, expectError, issueToken, json, registerAccount } from './helpers';
import { connect } from './sockets';

async function hmacHex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface Received {
  url: string;
  headers: Headers;
  body: string;
}

/** Webhook receivers are outside; the worker's outbound fetch is answered here instead. */
function receiver(status = 200): Received[] {
  const received: Received[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith('https://hooks.test/')) return real(input, init);
    received.push({ url: request.url, headers: request.headers, body: await request.text() });
    return new Response('ok', { status });
  });
  return received;
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterEach(() => vi.restoreAllMocks());

describe('webhooks', () => {
  it('are created (secret shown once), listed without the secret, and deleted', async () => {
    const account = await registerAccount();
    const admin = { 'X-API-Key': account.adminKey };
    const res = await account.call.fetch('/api/v1/webhooks', {
      method: 'POST',
      headers: admin,
      json: { url: 'https://hooks.test/a', events: ['console.error', 'network.failed'] },
    });
    expect(res.status).toBe(201);
    const created = (await json(res)).data;
    expect(created.secret).toMatch(/^whsec_/);
    const list = await json(await account.call.fetch('/api/v1/webhooks', { headers: admin }));
    expect(list.data.webhooks).toEqual([
      {
        id: created.id,
        url: 'https://hooks.test/a',
        events: ['console.error', 'network.failed'],
        createdAt: created.createdAt,
        active: true,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(
      (await json(await account.call.fetch(`/api/v1/webhooks/${created.id}`, { method: 'DELETE', headers: admin })))
        .data.deleted,
    ).toBe(true);
    await expectError(
      await account.call.fetch(`/api/v1/webhooks/${created.id}`, { method: 'DELETE', headers: admin }),
      404,
      'NOT_FOUND',
    );
    const bad = await expectError(
      await account.call.fetch('/api/v1/webhooks', {
        method: 'POST',
        headers: admin,
        json: { url: 'https://hooks.test/a', events: ['page.load'] },
      }),
      400,
      'INVALID_PARAMETER',
    );
    expect(bad.error.details.validValues).toEqual(['console.error', 'network.failed']);
    const { token } = await issueToken(account);
    await expectError(await account.call.fetch('/api/v1/webhooks', { headers: bearer(token) }), 403, 'FORBIDDEN');
  });

  it('deliver a console error from a tunnel through the queue, signed with HMAC-SHA256 of the body, and log it', async () => {
    const received = receiver();
    const account = await registerAccount();
    const admin = { 'X-API-Key': account.adminKey };
    const hook = (
      await json(
        await account.call.fetch('/api/v1/webhooks', {
          method: 'POST',
          headers: admin,
          json: { url: 'https://hooks.test/errors', events: ['console.error'] },
        }),
      )
    ).data;
    const { token } = await issueToken(account);
    const sessionId = `hooked-${crypto.randomUUID()}`;
    const connector = await connect(sessionId, bearer(token), '?role=connector');
    connector.send({
      type: 'batch',
      batchSeq: 1,
      events: [
        { type: 'console-log', level: 'info', message: 'fine', timestamp: Date.now() },
        { type: 'console-error', message: 'Uncaught ReferenceError: boom', timestamp: Date.now() },
        { type: 'network-request', method: 'GET', url: 'https://api.test/x', status: 500, timestamp: Date.now() },
      ],
    });
    await connector.ofType('ack');
    const delivery = await until(async () => received[0]);
    expect(delivery.url).toBe('https://hooks.test/errors');
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      event: 'console.error',
      sessionId,
      capture: { message: 'Uncaught ReferenceError: boom', seq: 2 },
    });
    expect(delivery.headers.get('X-BrowserDebug-Event')).toBe('console.error');
    expect(delivery.headers.get('X-BrowserDebug-Signature')).toBe(
      `sha256=${await hmacHex(hook.secret, delivery.body)}`,
    );
    const log = await until(async () => {
      const rows = (await json(await account.call.fetch(`/api/v1/webhooks/${hook.id}/deliveries`, { headers: admin })))
        .data.deliveries;
      return rows.length ? rows : undefined;
    });
    expect(log[0]).toMatchObject({
      id: body.id,
      event: 'console.error',
      status: 'delivered',
      responseStatus: 200,
      attempts: 1,
    });
    expect(received).toHaveLength(1);
    connector.close();
  });

  it('retry failed deliveries from the queue with growing backoff, then give up and log failed', async () => {
    receiver(503);
    const account = await registerAccount();
    const hook = (
      await json(
        await account.call.fetch('/api/v1/webhooks', {
          method: 'POST',
          headers: { 'X-API-Key': account.adminKey },
          json: { url: 'https://hooks.test/down', events: ['network.failed'] },
        }),
      )
    ).data;
    const message: WebhookMessage = {
      deliveryId: 'dlv_test',
      webhookId: hook.id,
      event: 'network.failed',
      sessionId: 's',
      occurredAt: new Date().toISOString(),
      capture: { type: 'network-request' },
    };
    const run = async (attempts: number) => {
      const batch = createMessageBatch<WebhookMessage>('browser-debug-webhooks', [
        { id: `m${attempts}`, timestamp: new Date(), attempts, body: message },
      ]);
      const retry = vi.spyOn(batch.messages[0]!, 'retry');
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      return { ...(await getQueueResult(batch, ctx)), retriedWith: retry.mock.calls[0]?.[0] };
    };
    const first = await run(1);
    expect(first.retryMessages).toEqual([{ msgId: 'm1' }]);
    expect(first.retriedWith).toEqual({ delaySeconds: 10 });
    expect((await run(2)).retriedWith).toEqual({ delaySeconds: 40 });
    expect([1, 2, 3, 4, 5, 6].map(backoffSeconds)).toEqual([10, 40, 160, 640, 2560, 3600]);
    const last = await run(6);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toEqual(['m6']);
    const row = await env.DB.prepare(
      'SELECT status, attempts, response_status, error FROM webhook_deliveries WHERE id = ?',
    )
      .bind('dlv_test')
      .first();
    expect(row).toEqual({ status: 'failed', attempts: 6, response_status: 503, error: 'HTTP 503' });
  });
});
