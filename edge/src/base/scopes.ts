/** `read` reads captures, `write` sends captures and commands, `admin` manages keys and webhooks. */
export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** The spec's default token scope. */
export const DEFAULT_SCOPE = 'read,write';

export function parseScope(raw: string): Scope[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is Scope => (SCOPES as readonly string[]).includes(part));
}

/** Accepts "read,write" style strings of known scopes only; answers the canonical form or undefined. */
export function normalizeScope(raw: string, allowed: readonly Scope[] = SCOPES): string | undefined {
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !(allowed as readonly string[]).includes(part))) return undefined;
  return SCOPES.filter((scope) => parts.includes(scope)).join(',');
}
