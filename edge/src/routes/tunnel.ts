import { z } from 'zod';
import { requireScope } from '../auth/authenticate';
import type { Principal } from '../base/principal';
import { assertOwnSession, checkSessionId, claimSession } from '../data/sessions';
import type { Ctx } from '../http/context';
import { ApiError, ERROR_STATUS } from '../../../src/shared/errors';
import { defineRoute, versioned, type RouteSpec } from '../http/route';
import type { CommandReply } from '../base/durableObjects';
import { REMOTE_COMMANDS } from '../../../src/shared/remote/commandGuard';

function tunnelStub(c: Ctx, sessionId: string) {
  return c.env.TUNNEL.get(c.env.TUNNEL.idFromName(sessionId));
}

/** Who the caller is travels to the Durable Object in one internal header (never from outside). */
function forward(
  c: Ctx,
  sessionId: string,
  path: string,
  principal: Principal,
  role: 'connector' | 'client',
): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.set(
    'X-Tunnel-Caller',
    JSON.stringify({
      sessionId,
      role,
      callerId: principal.callerId,
      accountId: principal.accountId,
      scopes: principal.scopes,
    }),
  );
  return tunnelStub(c, sessionId).fetch(new Request(`https://tunnel${path}`, { headers }));
}

const tunnel = defineRoute({
  method: 'get',
  paths: ['/tunnel/:sessionId'],
  params: { sessionId: 'the session, chosen by its connector (8 to 128 of A-Z a-z 0-9 _ -)' },
  summary: 'WebSocket tunnel of a session (one connector end, many client ends)',
  description:
    'Upgrade with Authorization: Bearer <token> (or the subprotocols "browser-debug, bearer.<token>" from a browser). role=connector (write scope) opens or resumes the session as its connector; role=client (read scope, the default) follows it: captures as they arrive, connector-status, and replies to its commands (write scope). since=<seq> replays stored captures first.',
  tag: 'Live',
  access: 'read',
  query: z.object({
    role: z.enum(['connector', 'client']).default('client').describe('connector or client (default)'),
    since: z.coerce
      .number()
      .int()
      .min(0)
      .optional()
      .describe('client only: replay captures with a greater seq, then replay-complete'),
  }),
  response: { status: 101, mediaType: 'websocket', description: 'switching protocols to the tunnel' },
  async handle(c, { query }) {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(
        'UPGRADE_REQUIRED',
        'This endpoint is a WebSocket: send Upgrade: websocket.',
        {},
        { Upgrade: 'websocket' },
      );
    }
    const sessionId = checkSessionId(c.req.param('sessionId') ?? '');
    const principal = requireScope(c, query.role === 'connector' ? 'write' : 'read');
    if (query.role === 'connector') await claimSession(c.env, principal, sessionId);
    else await assertOwnSession(c.env, principal, sessionId);
    const since = query.since === undefined ? '' : `?since=${query.since}`;
    return forward(c, sessionId, `/connect${since}`, principal, query.role);
  },
});

const events = defineRoute({
  method: 'get',
  paths: versioned('/sessions/:sessionId/events'),
  params: { sessionId: 'one of your sessions' },
  summary: 'Server-sent events: live captures of a session, resumable',
  description:
    'Each capture is an event named by its type (console-log, network-request, ...) with id = its seq and data = the stored capture as JSON. Reconnecting with Last-Event-ID (EventSource does this) or ?lastEventId= replays what was missed first. Also connection-established and connector-status events; a comment every 25 s keeps proxies open. EventSource cannot send headers, so ?access_token= is accepted here.',
  tag: 'Live',
  access: 'read',
  query: z.object({
    lastEventId: z.coerce
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        'resume after this seq (the Last-Event-ID header wins); without either the stream starts live. 0 replays the whole session',
      ),
    access_token: z.string().optional().describe('the bearer token, for EventSource'),
  }),
  response: { mediaType: 'text/event-stream', description: 'the event stream' },
  async handle(c, { query }) {
    const principal = requireScope(c, 'read');
    const sessionId = checkSessionId(c.req.param('sessionId') ?? '');
    await assertOwnSession(c.env, principal, sessionId);
    const header = c.req.header('Last-Event-ID');
    const after = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header.trim()) : query.lastEventId;
    // A fresh stream starts live: replaying a long session's whole history would bury what is new.
    return forward(c, sessionId, after === undefined ? '/sse' : `/sse?after=${after}`, principal, 'client');
  },
});

const command = defineRoute({
  method: 'post',
  paths: versioned('/sessions/:sessionId/commands'),
  params: { sessionId: 'one of your sessions' },
  summary: 'Send a command (e.g. screenshot) to the session’s connector and wait for its reply',
  tag: 'Live',
  access: 'write',
  body: z.object({
    name: z
      .enum(REMOTE_COMMANDS)
      .describe('the command (run-script and cookies only where the browser’s user allows them)'),
    args: z.record(z.string(), z.unknown()).default({}).describe('the command’s arguments'),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(15_000)
      .describe('how long to wait for the reply (default 15000)'),
  }),
  response: { data: z.object({ name: z.string(), result: z.unknown() }) },
  async handle(c, { body }) {
    const principal = requireScope(c, 'write');
    const sessionId = checkSessionId(c.req.param('sessionId') ?? '');
    await assertOwnSession(c.env, principal, sessionId);
    const reply = (await tunnelStub(c, sessionId).command(
      body.name,
      body.args,
      body.timeoutMs,
    )) as unknown as CommandReply;
    if (reply.error) {
      const code =
        reply.error.code in ERROR_STATUS ? (reply.error.code as keyof typeof ERROR_STATUS) : 'COMMAND_FAILED';
      throw new ApiError(code, reply.error.message, { ...reply.error.details, command: body.name });
    }
    return { name: body.name, result: reply.result };
  },
});

export const tunnelRoutes: RouteSpec[] = [tunnel, events, command];
