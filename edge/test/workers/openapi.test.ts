import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/routes';
import { caller, json } from './helpers';

describe('/api-docs', () => {
  // Validation against the OpenAPI 3.0 schema runs in test/node (the validator reads its schemas from disk).
  it('documents every route and method from the same table the app routes with', async () => {
    const doc = await json(await caller().fetch('/api-docs/openapi.json'));
    for (const route of allRoutes) {
      for (const path of route.paths) {
        const key = path.replace(/:([A-Za-z_]+)/g, '{$1}');
        expect(doc.paths[key]?.[route.method], `${route.method} ${key}`).toBeDefined();
      }
    }
    for (const path of [
      '/health',
      '/api/v1/health',
      '/auth/register',
      '/auth/token',
      '/api/v1/console-logs',
      '/api/console-logs',
      '/api/network-requests',
      '/api/v1/network-requests',
      '/stats',
      '/export/json',
      '/export/csv',
      '/metrics',
      '/api-docs',
      '/tunnel/{sessionId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('generates parameters and security from the route schemas', async () => {
    const doc = await json(await caller().fetch('/api-docs/openapi.json'));
    const logs = doc.paths['/api/v1/console-logs'].get;
    const level = logs.parameters.find((p: { name: string }) => p.name === 'level');
    expect(level.schema.enum).toEqual(['debug', 'log', 'info', 'warn', 'error']);
    const limit = logs.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 100 });
    expect(
      logs.parameters.some((p: { name: string; in: string }) => p.name === 'X-Session-ID' && p.in === 'header'),
    ).toBe(true);
    expect(logs.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(logs.responses['200'].content['application/json'].schema.properties.status.enum).toEqual(['success']);
    expect(doc.paths['/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
      'name',
    ]);
    expect(doc.paths['/health'].get.security).toBeUndefined();
  });

  it('has a readable HTML page listing the operations', async () => {
    const res = await caller().fetch('/api-docs');
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<code>/api/v1/console-logs</code>');
    expect(html).toContain('href="/api-docs/openapi.json"');
    expect(html).not.toContain('<script');
  });
});
