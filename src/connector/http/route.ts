import type { Variant } from './envelope';

export interface RouteContext {
  variant: Variant;
  query: Record<string, unknown>;
  body: unknown;
}

/** One endpoint, served unversioned in variant A and under /api/v1 and /api in variant B. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  handle(context: RouteContext): unknown;
}

/** The unversioned paths keep A's smaller default page. */
export function defaultLimit(variant: Variant): number {
  return variant === 'A' ? 50 : 100;
}
