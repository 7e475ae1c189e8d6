import type { MockRule } from '../../../../src/shared/networkMocks';
import { CommandError } from '../commandError';

/** What the Fetch domain tells us of a paused request. */
export interface PausedRequest {
  url: string;
  method: string;
  /** Network.ResourceType, e.g. `Fetch`, `XHR`, `Image`. */
  resourceType: string;
}

/** `*` any characters, `?` one; a glob without `*` matches URLs that contain it. */
export function globSource(glob: string): string {
  return glob.includes('*') ? glob : `*${glob}*`;
}

function globRegExp(glob: string): RegExp {
  const source = globSource(glob)
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

type UrlTest = (url: string) => boolean;

/** URLPattern is in Chrome's service worker; the connector's Node may not have it, so it is checked here. */
function urlPatternTest(pattern: string): UrlTest {
  const Pattern = (globalThis as { URLPattern?: new (input: string, base?: string) => { test(url: string): boolean } })
    .URLPattern;
  if (!Pattern) throw new CommandError('INVALID_ARGUMENT', 'This browser has no URLPattern: give url as a glob.');
  try {
    // A pathname-only pattern such as /api/orders/:id matches on any origin.
    const compiled = pattern.startsWith('/') ? new Pattern({ pathname: pattern } as never) : new Pattern(pattern);
    return (url) => compiled.test(url);
  } catch (error) {
    throw new CommandError(
      'INVALID_ARGUMENT',
      `urlPattern '${pattern}' is not a URLPattern (${(error as Error).message}). Example: https://*.example.com/api/:name or /api/orders/:id.`,
    );
  }
}

/** Tells whether a rule applies to a request: URL, then method, then resource type. */
export function ruleMatcher(rule: MockRule): (request: PausedRequest) => boolean {
  const testUrl: UrlTest = rule.urlPattern
    ? urlPatternTest(rule.urlPattern)
    : (
        (regExp) => (url: string) =>
          regExp.test(url)
      )(globRegExp(rule.url ?? '*'));
  const method = rule.method?.toUpperCase();
  const type = rule.resourceType;
  return (request) =>
    testUrl(request.url) &&
    (!method || request.method.toUpperCase() === method) &&
    (!type || request.resourceType.toLowerCase() === type);
}

/** The Fetch.enable pattern that pauses the requests a rule may match (URLPatterns: all, then filtered here). */
export function fetchPattern(rule: MockRule): { urlPattern: string; requestStage: 'Request' } {
  return { urlPattern: rule.url ? globSource(rule.url) : '*', requestStage: 'Request' };
}
