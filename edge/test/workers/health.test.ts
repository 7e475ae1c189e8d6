import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { caller, json } from './helpers';

/** Calls the worker directly with altered bindings, as a broken deployment would have them. */
async function fetchWith(path: string, overrides: Record<string, unknown>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`https://edge.test${path}`, { headers: { 'CF-Connecting-IP': '10.250.0.1' } }) as any,
    { ...env, ...overrides } as any,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const brokenDb = {
  prepare() {
    throw new Error('D1_ERROR: database unavailable');
  },
  batch() {
    throw new Error('D1_ERROR: database unavailable');
  },
};

describe('health', () => {
  it('GET /health reports the edge variant: healthy, environment, version, service and per-component checks', async () => {
    const res = await caller().fetch('/health');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      status: 'healthy',
      environment: 'development',
      version: '0.1.0',
      apiVersion: 'v1',
      service: 'browser-debug-edge',
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    for (const name of ['database', 'rateLimiter', 'tunnels', 'signing']) expect(body.checks[name].healthy).toBe(true);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=30');
  });

  it('GET /api/v1/health and /api/health carry the same report in envelope B', async () => {
    for (const path of ['/api/v1/health', '/api/health']) {
      const body = await json(await caller().fetch(path));
      expect(body.status).toBe('success');
      expect(body.data.status).toBe('healthy');
      expect(body.data.version).toBe('0.1.0');
      expect(typeof body.requestId).toBe('string');
    }
  });

  it('answers 503 degraded, naming the failed check, when D1 fails', async () => {
    const res = await fetchWith('/health', { DB: brokenDb });
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body.status).toBe('degraded');
    expect(body.checks.database).toMatchObject({ healthy: false });
    expect(body.checks.database.error).toContain('database unavailable');
    expect(body.checks.rateLimiter.healthy).toBe(true);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers 503 degraded when a Durable Object namespace fails, and in the v1 envelope too', async () => {
    const brokenTunnels = {
      idFromName: () => ({}),
      get: () => ({ ping: () => Promise.reject(new Error('object unreachable')) }),
    };
    const res = await fetchWith('/api/v1/health', { TUNNEL: brokenTunnels });
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body.data.status).toBe('degraded');
    expect(body.data.checks.tunnels).toMatchObject({ healthy: false, error: 'object unreachable' });
  });

  it('is degraded without a usable JWT_SECRET, since no token could be issued', async () => {
    const res = await fetchWith('/health', { JWT_SECRET: 'short' });
    expect(res.status).toBe(503);
    expect((await json(res)).checks.signing.healthy).toBe(false);
  });

  it('reports the version in identity too', async () => {
    const body = await json(await caller().fetch('/.identity'));
    expect(body).toMatchObject({
      name: 'browser-debug-edge',
      version: '0.1.0',
      apiVersion: 'v1',
      port: 443,
      features: { websocket: true },
    });
  });
});
