import type { Variant } from './envelope';

export interface RouteContext {
  variant: Variant;
  query: Record<string, unknown>;
  body: unknown;
  /** Values of `:name` segments in the route's path, e.g. `/recordings/:id`. */
  params: Record<string, string>;
}

/** One endpoint, served unversioned in variant A and under /api/v1 and /api in variant B. */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
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
      params[want[i]!.slice(1)] = decodeURIComponent(have[i]!);
    } else if (want[i] !== have[i]) return undefined;
  }
  return params;
}
