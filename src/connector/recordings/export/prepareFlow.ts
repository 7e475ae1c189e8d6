import { SECRET_PATTERN, type RecorderFlow } from '../../../shared/recording';
import { jsLiteral } from './jsLiteral';

/** The environment variable a test reads for a secret typed while recording. */
export function secretEnvName(key: string): string {
  return `BROWSER_DEBUG_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** The variable a `change` value reads when it holds a `{{secret:NAME}}` placeholder, else undefined. */
export function secretEnvOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const key = [...value.matchAll(SECRET_PATTERN)][0]?.[1];
  return key ? secretEnvName(key) : undefined;
}

/** Every secret variable the flow's steps read, in order. */
export function secretEnvIn(flow: RecorderFlow): string[] {
  const names = flow.steps.map((step) => secretEnvOf(step.value));
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}

/** A URL on the recorded origin as its path (`/` at least), else undefined. */
export function basePath(url: unknown, origin: string | undefined): string | undefined {
  if (!origin || typeof url !== 'string') return undefined;
  if (url !== origin && !url.startsWith(`${origin}/`)) return undefined;
  return url.slice(origin.length) || '/';
}

/** How one runner spells the base URL and an env var, as code. */
export interface Spelling {
  base: string;
  env(name: string): string;
}

/**
 * A recorded URL as code: on the recorded origin `baseURL + "/path"`, else its literal. The path is a
 * literal made by {@link jsLiteral}; the base URL is an expression, never text spliced into a literal.
 */
export function urlCode(url: string, origin: string | undefined, spelling: Spelling): string {
  const path = basePath(url, origin);
  if (path === undefined) return jsLiteral(url);
  return path === '/' ? spelling.base : `${spelling.base} + ${jsLiteral(path)}`;
}

/** A recorded `change` value as code: a secret placeholder reads its env var, anything else is a literal. */
export function valueCode(value: string, spelling: Spelling): string {
  const env = secretEnvOf(value);
  return env ? spelling.env(env) : jsLiteral(value);
}
