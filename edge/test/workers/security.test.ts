import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { caller, expectError, json, registerAccount } from './helpers';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-xss-protection': '0',
  'referrer-policy': 'no-referrer',
};

function expectSecurityHeaders(res: Response): void {
  for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

async function production(url: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(url, { headers: { 'CF-Connecting-IP': '10.251.0.1' }, redirect: 'manual' }) as any,
    { ...env, ENVIRONMENT: 'production' } as any,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe('security headers and transport', () => {
  it('are on successes, errors, 404s, 405s and the docs page', async () => {
    const call = caller();
    expectSecurityHeaders(await call.fetch('/health'));
    expectSecurityHeaders(await call.fetch('/api/v1/console-logs'));
    expectSecurityHeaders(await call.fetch('/nowhere'));
    expectSecurityHeaders(await call.fetch('/auth/register'));
    const docs = await call.fetch('/api-docs');
    expectSecurityHeaders(docs);
    expect(docs.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
    expect(docs.headers.get('content-security-policy')).not.toContain('script-src');
  });

  it('redirects plain HTTP to HTTPS with 301 in production, keeping path and query', async () => {
    const res = await production('http://edge.example.com/api/v1/console-logs?level=warn');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('https://edge.example.com/api/v1/console-logs?level=warn');
    expectSecurityHeaders(res);
  });

  it('serves HTTPS in production with HSTS, and does not redirect outside production', async () => {
    const res = await production('https://edge.example.com/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=31536000');
    expect((await json(res)).environment).toBe('production');
    const dev = await caller().fetch('/health'.replace('/health', '/health'));
    expect(dev.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('follows the caching table: private 30 s for capture lists, public 60 s for health, no-store otherwise', async () => {
    const account = await registerAccount();
    const key = { 'X-API-Key': account.adminKey };
    expect((await account.call.fetch('/api/v1/console-logs', { headers: key })).headers.get('Cache-Control')).toBe(
      'private, max-age=30, stale-while-revalidate=60',
    );
    expect((await account.call.fetch('/api/network-requests', { headers: key })).headers.get('Cache-Control')).toBe(
      'private, max-age=30, stale-while-revalidate=60',
    );
    expect((await account.call.fetch('/api/v1/api-keys', { headers: key })).headers.get('Cache-Control')).toBe(
      'no-store',
    );
    expect((await account.call.fetch('/api-docs/openapi.json')).headers.get('Cache-Control')).toBe(
      'public, max-age=86400, stale-while-revalidate=86400',
    );
    expect((await account.call.fetch('/api/v1/console-logs')).headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers unknown paths with 404 and wrong methods with 405 plus Allow, in envelope B', async () => {
    const call = caller();
    await expectError(await call.fetch('/api/v1/nothing'), 404, 'NOT_FOUND');
    const res = await call.fetch('/api/v1/console-logs', { method: 'DELETE' });
    expect(res.headers.get('Allow')).toBe('GET');
    await expectError(res, 405, 'METHOD_NOT_ALLOWED');
  });

  it('echoes a safe X-Request-Id and uses it as the envelope requestId', async () => {
    const res = await caller().fetch('/api/v1/health', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(res.headers.get('X-Request-Id')).toBe('trace-123');
    expect((await json(res)).requestId).toBe('trace-123');
    const unsafe = await caller().fetch('/api/v1/health', { headers: { 'X-Request-Id': '<script>' } });
    expect(unsafe.headers.get('X-Request-Id')).toMatch(/^req_/);
  });
});
