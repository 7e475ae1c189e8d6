import { requireScope } from '../auth/authenticate';
import { scopeOf } from '../data/sessions';
import { accountStats } from '../data/stats';
import { defineRoute, type RouteSpec } from '../http/route';
import { EDGE_VERSION } from '../base/version';

/** Label values escape backslash, quote and newline (Prometheus text exposition format 0.0.4). */
const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function metric(name: string, help: string, type: 'gauge', samples: [Record<string, string>, number][]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of samples) {
    const pairs = Object.entries(labels).map(([key, v]) => `${key}="${label(v)}"`);
    lines.push(`${name}${pairs.length ? `{${pairs.join(',')}}` : ''} ${value}`);
  }
  return lines.join('\n');
}

const metrics = defineRoute({
  method: 'get',
  paths: ['/metrics'],
  summary: 'Prometheus metrics of your account',
  description:
    'Text exposition format 0.0.4. Scrape with `authorization: {credentials: <token>}` or an X-API-Key header; the figures are those of the caller’s account only.',
  tag: 'Service',
  access: 'read',
  sessionHeader: true,
  response: { mediaType: 'text/plain; version=0.0.4', description: 'Prometheus text format' },
  async handle(c) {
    const stats = await accountStats(
      c.env,
      await scopeOf(c.env, requireScope(c, 'read'), c.req.header('X-Session-ID')),
    );
    const usage = stats.usageToday as unknown as Record<string, number>;
    const body = [
      metric('browser_debug_info', 'Edge worker build.', 'gauge', [
        [{ version: EDGE_VERSION, environment: c.var.settings.environment }, 1],
      ]),
      metric('browser_debug_sessions', 'Sessions of this account.', 'gauge', [[{}, stats.sessions.total]]),
      metric('browser_debug_sessions_online', 'Sessions whose connector is connected now.', 'gauge', [
        [{}, stats.sessions.online],
      ]),
      metric(
        'browser_debug_captures',
        'Stored captures by kind.',
        'gauge',
        Object.entries(stats.captures.byKind).map(([kind, n]) => [{ kind }, n]),
      ),
      metric('browser_debug_console_errors', 'Stored console errors and uncaught exceptions.', 'gauge', [
        [{}, stats.consoleErrors],
      ]),
      metric('browser_debug_failed_requests', 'Stored network requests that failed (4xx, 5xx, no response).', 'gauge', [
        [{}, stats.failedRequests],
      ]),
      metric('browser_debug_requests_today', 'API requests by this account today (UTC).', 'gauge', [
        [{}, usage.requests ?? 0],
      ]),
      metric('browser_debug_errors_today', 'API answers with status 400 or above today (UTC).', 'gauge', [
        [{}, usage.errors ?? 0],
      ]),
      metric('browser_debug_transferred_bytes_today', 'Bytes of API bodies and tunnel frames today (UTC).', 'gauge', [
        [{}, usage.dataTransferred ?? 0],
      ]),
    ].join('\n');
    return new Response(body + '\n', { headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' } });
  },
});

export const metricsRoutes: RouteSpec[] = [metrics];
