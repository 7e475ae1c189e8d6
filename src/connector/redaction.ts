import { REDACTED } from '../shared/redaction';

export { DEFAULT_REDACTED_HEADERS } from '../shared/redaction';

/**
 * Replaces the values of the named headers (any case) in place. The browser extension redacts too;
 * this covers every other capture source and the names a user adds.
 */
export function redactHeaders(headers: Record<string, string> | undefined, names: ReadonlySet<string>): void {
  if (!headers) return;
  for (const name of Object.keys(headers)) if (names.has(name.toLowerCase())) headers[name] = REDACTED;
}
