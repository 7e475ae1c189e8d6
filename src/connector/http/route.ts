import { randomUUID } from 'node:crypto';
import type { Variant } from './envelope';

export interface RouteContext {
  variant: Variant;
  query: Record<string, unknown>;
  body: unknown;
  /** Values of `:name` segments in the route's path, e.g. `/recordings/:id`. */
  params: Record<string, string>;
  /** Aborts when the caller hangs up before the answer (a cancelled replay stops between steps). */
  signal?: AbortSignal;
}

/** One endpoint, served unversioned in variant A and under /api/v1 and /api in variant B. */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  handle(context: RouteContext): unknown;
}

/** The unversioned paths keep A's smaller default page. */
export function defaultLimit(variant: Variant): number {
  return variant === 'A' ? 50 : 100;
}

/** Matches a path against a route path with `:name` segments; undefined when it does not fit. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) {
      if (!have[i]) return undefined;
      const value = decodeSegment(have[i]!);
      if (value === undefined) return undefined;
      params[want[i]!.slice(1)] = value;
    } else if (want[i] !== have[i]) return undefined;
  }
  return params;
}

/** A path segment decoded; undefined for a malformed escape such as `%E0` (the path then matches no route: 404). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const VERSIONED_PREFIXES = ['/api/v1', '/api'];

/** B under /api/v1 and /api, A elsewhere. */
export function variantOf(path: string): Variant {
  return VERSIONED_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/')) ? 'B' : 'A';
}

/** The route's own path: /api/v1/console-logs and /api/console-logs are /console-logs. */
export function unprefixed(path: string): string {
  for (const prefix of VERSIONED_PREFIXES) if (path.startsWith(prefix + '/')) return path.slice(prefix.length);
  return path;
}

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** The caller's X-Request-Id when it is well formed, else a new one. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
