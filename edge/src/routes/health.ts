import { z } from 'zod';
import type { Env } from '../base/env';
import type { Ctx } from '../http/context';
import { successBody } from '../http/envelope';
import { defineRoute, versioned, type RouteSpec } from '../http/route';
import { API_VERSION, EDGE_VERSION } from '../base/version';

const CHECK_TIMEOUT_MS = 2000;

interface CheckResult {
  healthy: boolean;
  latencyMs: number;
  error?: string;
}

async function timed(run: () => Promise<unknown>): Promise<CheckResult> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return { healthy: true, latencyMs: Date.now() - started };
  } catch (error) {
    return {
      healthy: false,
      latencyMs: Date.now() - started,
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Each component the edge needs to serve captures: D1, both Durable Object classes, and token signing. */
async function runChecks(env: Env): Promise<Record<string, CheckResult>> {
  const [database, rateLimiter, tunnels, signing] = await Promise.all([
    timed(() => env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first()),
    timed(async () => {
      if ((await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName('health-check')).ping()) !== 'pong')
        throw new Error('unexpected answer');
    }),
    timed(async () => {
      if ((await env.TUNNEL.get(env.TUNNEL.idFromName('health-check')).ping()) !== 'pong')
        throw new Error('unexpected answer');
    }),
    timed(async () => {
      if (!env.JWT_SECRET || env.JWT_SECRET.length < 32)
        throw new Error('JWT_SECRET is missing or shorter than 32 characters');
    }),
  ]);
  return { database, rateLimiter, tunnels, signing };
}

async function healthReport(c: Ctx) {
  const checks = await runChecks(c.env);
  const healthy = Object.values(checks).every((check) => check.healthy);
  const { environment, service } = c.var.settings;
  return {
    healthy,
    report: {
      status: healthy ? 'healthy' : 'degraded',
      timestamp: new Date().toISOString(),
      environment,
      version: EDGE_VERSION,
      apiVersion: API_VERSION,
      service,
      checks,
    },
  };
}

const checkSchema = z.object({ healthy: z.boolean(), latencyMs: z.number(), error: z.string().optional() });
const reportSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  timestamp: z.string(),
  environment: z.string(),
  version: z.string(),
  apiVersion: z.string(),
  service: z.string(),
  checks: z.record(z.string(), checkSchema),
});

const bareHealth = defineRoute({
  method: 'get',
  paths: ['/health'],
  summary: 'Health report (edge variant), bare JSON for monitors',
  description: 'HTTP 200 with status healthy when every check passes, otherwise HTTP 503 with status degraded.',
  tag: 'Service',
  access: 'public',
  response: {
    mediaType: 'application/json',
    description: 'the health report: status, timestamp, environment, version, service, checks',
  },
  async handle(c) {
    const { healthy, report } = await healthReport(c);
    return c.json(report, healthy ? 200 : 503);
  },
});

const apiHealth = defineRoute({
  method: 'get',
  paths: versioned('/health'),
  summary: 'Health report (edge variant) in the API envelope',
  description: 'HTTP 503 with status degraded (and the report as data) when any check fails.',
  tag: 'Service',
  access: 'public',
  response: { data: reportSchema },
  async handle(c) {
    const { healthy, report } = await healthReport(c);
    return c.json(successBody(report, c.var.requestId), healthy ? 200 : 503);
  },
});

const identity = defineRoute({
  method: 'get',
  paths: ['/.identity'],
  summary: 'Server identity',
  tag: 'Service',
  access: 'public',
  response: {
    mediaType: 'application/json',
    description: 'name, version, signature, apiVersion, status, timestamp, features',
  },
  async handle(c) {
    const url = new URL(c.req.url);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    return c.json({
      port,
      name: c.var.settings.service,
      version: EDGE_VERSION,
      apiVersion: API_VERSION,
      signature: 'mcp-browser-connector-24x7',
      status: 'healthy',
      timestamp: new Date().toISOString(),
      features: { screenshots: true, engine: false, websocket: true },
    });
  },
});

export const healthRoutes: RouteSpec[] = [bareHealth, apiHealth, identity];
