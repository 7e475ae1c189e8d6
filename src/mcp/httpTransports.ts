import { randomUUID } from 'node:crypto';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Express, Request, Response } from 'express';
import type { ConnectorServices } from '../connector/services';
import { callerKey } from '../connector/trust/access';
import { createMcpServer, type McpOptions } from './server';
import { SessionTable } from './sessionTable';

export interface McpHttpOptions extends McpOptions {
  /** Open sessions per transport kind; past it the busiest caller's oldest is closed (default 100). */
  maxSessions?: number;
  /** Open sessions per caller (trust/access callerKey); past it that caller's oldest is closed (default 8). */
  maxSessionsPerCaller?: number;
  /** A Streamable HTTP session unused this long is closed (default 1 h); the client re-initializes. */
  idleMs?: number;
}

/** Closes every MCP session, e.g. before the connector stops. */
export interface McpMount {
  close(): void;
  sessionCount(): number;
}

/** The client's name for itself from an initialize request, to tell two local clients apart. */
function clientName(body: unknown): string {
  const name = (body as { params?: { clientInfo?: { name?: unknown } } }).params?.clientInfo?.name;
  return typeof name === 'string' ? name.slice(0, 100) : '';
}

/** A JSON-RPC error outside any request, in the shape MCP clients parse. */
function rpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * The MCP endpoints on the connector's express app: Streamable HTTP at `/mcp` (sessions, GET stream,
 * DELETE) and the legacy SSE pair `GET /sse` + `POST /messages`. Mounted through `AppExtras.extraRoutes`,
 * behind the same Host and Origin checks as every other route. `req.body` was parsed by express.json().
 */
export function mountMcp(app: Express, services: ConnectorServices, options: McpHttpOptions = {}): McpMount {
  const perCaller = options.maxSessionsPerCaller ?? 8;
  const streamable = new SessionTable<StreamableHTTPServerTransport>(
    options.maxSessions ?? 100,
    options.idleMs ?? 60 * 60_000,
    perCaller,
  );
  // An SSE session lives as long as its GET stream, so it is never idle-closed.
  const sse = new SessionTable<SSEServerTransport>(options.maxSessions ?? 100, Number.POSITIVE_INFINITY, perCaller);

  const exposeSession = (req: Request, res: Response) => {
    if (req.headers.origin) res.set('Access-Control-Expose-Headers', 'Mcp-Session-Id');
  };

  app.post('/mcp', async (req, res) => {
    exposeSession(req, res);
    const id = req.get('mcp-session-id');
    let transport = streamable.use(id);
    if (!transport) {
      if (id)
        return rpcError(
          res,
          404,
          -32001,
          'Session not found: it was closed or the connector restarted. Start a new session with initialize.',
        );
      if (!isInitializeRequest(req.body))
        return rpcError(
          res,
          400,
          -32000,
          'No Mcp-Session-Id header: start a session with an initialize request first.',
        );
      const caller = callerKey(req, clientName(req.body));
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        // Each POST answers on its own SSE stream, so a long audit can send progress notifications before its result.
        enableJsonResponse: false,
        onsessioninitialized: (sessionId): void => streamable.add(sessionId, created, caller),
      });
      created.onclose = () => created.sessionId && streamable.delete(created.sessionId);
      transport = created;
      await createMcpServer(services, options).connect(created);
    }
    await transport.handleRequest(req, res, req.body);
  });

  const existing = async (req: Request, res: Response) => {
    exposeSession(req, res);
    const id = req.get('mcp-session-id');
    const transport = streamable.use(id);
    if (!transport)
      return rpcError(
        res,
        id ? 404 : 400,
        id ? -32001 : -32000,
        id ? 'Session not found.' : 'Missing Mcp-Session-Id header.',
      );
    await transport.handleRequest(req, res);
  };
  app.get('/mcp', existing);
  app.delete('/mcp', existing);

  // GET /sse passed the same Host/Origin/Sec-Fetch checks as /mcp (trust/access): a page cannot open one.
  app.get('/sse', async (req, res) => {
    const transport = new SSEServerTransport('/messages', res);
    sse.add(transport.sessionId, transport, callerKey(req));
    transport.onclose = () => sse.delete(transport.sessionId);
    await createMcpServer(services, options).connect(transport);
  });

  app.post('/messages', async (req, res) => {
    const transport = sse.use(typeof req.query.sessionId === 'string' ? req.query.sessionId : undefined);
    if (!transport)
      return rpcError(
        res,
        404,
        -32001,
        'Unknown or missing sessionId: open GET /sse first and post to the endpoint it announces.',
      );
    await transport.handlePostMessage(req, res, req.body);
  });

  return {
    close: () => {
      streamable.closeAll();
      sse.closeAll();
    },
    sessionCount: () => streamable.size + sse.size,
  };
}
