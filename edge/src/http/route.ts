import type { z } from 'zod';
import type { Scope } from '../base/scopes';
import type { Ctx } from './context';

/** Who may call a route: anyone, any valid credential, or a credential with this scope. */
export type Access = 'public' | 'authenticated' | Scope;

/** The success answer: `data` of envelope B, or a raw body of another media type (CSV, HTML, SSE, ...). */
export type ResponseSpec =
  { data: z.ZodType; status?: 200 | 201 } | { mediaType: string; description: string; status?: 101 | 200 | 301 };

/**
 * One endpoint as data: the app registers it and the OpenAPI document is generated from it,
 * so the documentation cannot drift from what is validated.
 */
export interface RouteSpec<Q extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'delete';
  /** Hono paths (`:id` parameters); the first is the canonical one. */
  paths: string[];
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  query?: Q;
  body?: B;
  /** Path parameters and their descriptions. */
  params?: Record<string, string>;
  /** The route reads `X-Session-ID` to narrow to one session. */
  sessionHeader?: boolean;
  response: ResponseSpec;
  handle(c: Ctx, input: { query: z.infer<Q>; body: z.infer<B> }): Promise<unknown>;
}

export function defineRoute<Q extends z.ZodObject = z.ZodObject, B extends z.ZodType = z.ZodType>(
  spec: RouteSpec<Q, B>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** `/api/v1/x` and the unversioned `/api/x` (spec, Versioning). */
export function versioned(path: string): string[] {
  return [`/api/v1${path}`, `/api${path}`];
}
