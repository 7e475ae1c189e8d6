/**
 * What the worker calls on its Durable Objects. The classes (limits/rateLimiter.ts, tunnel/sessionTunnel.ts)
 * implement these; the bindings in env.ts name these, so the bottom layer never imports the classes.
 */
import type { RemoteCommandName } from '../../../src/shared/remote/commandGuard';

/** One rate-limit window's verdict. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the current window ends. */
  reset: number;
  window: number;
}

export interface RateLimiterObject extends Rpc.DurableObjectBranded {
  hit(limit: number, windowSeconds: number): Promise<RateDecision>;
  ping(): Promise<'pong'>;
}

/** What an HTTP command gets back: the connector's result, or why there is none. */
export interface CommandReply {
  result?: unknown;
  error?: { code: string; message: string; details: Record<string, unknown> };
}

/** One session's tunnel: WebSockets and SSE through `fetch`, commands over RPC. */
export interface SessionTunnelObject extends Rpc.DurableObjectBranded {
  fetch(request: Request): Promise<Response>;
  ping(): Promise<'pong'>;
  command(name: RemoteCommandName, args: Record<string, unknown>, timeoutMs: number): Promise<CommandReply>;
}
