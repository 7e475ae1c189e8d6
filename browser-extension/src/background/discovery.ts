import { DEFAULT_PORT, MAX_FALLBACK_PORT, isCompatibleIdentity } from '../../../src/shared/identity';

/** A connector that answered `/.identity`: where to reach it (`http://127.0.0.1:3025`, or a forwarded base). */
export interface Found {
  base: string;
  version?: string;
}

/** Where to look: a fixed local port, a forwarded address (a remote window), or the default port range. */
export interface Where {
  port?: number;
  /** The full base URL VS Code forwarded the connector to, e.g. `https://host/proxy/3025` (no trailing slash). */
  address?: string;
}

const HOSTS = ['127.0.0.1', 'localhost'];

/**
 * Finds what claims to be our connector by its `/.identity` (signature plus our name and protocol:
 * another tool answers with the same signature). Probes every candidate at once; lowest port first.
 * Anyone can answer `/.identity`: the pairing challenge (pairing/pairingKey) decides which to trust.
 */
export async function discoverConnectors(where: Where = {}): Promise<Found[]> {
  const answers = await Promise.all(candidateBases(where).map(probe));
  return answers.filter((answer): answer is Found => answer !== undefined);
}

function candidateBases(where: Where): string[] {
  if (where.address) return [where.address];
  const ports = where.port
    ? [where.port]
    : Array.from({ length: MAX_FALLBACK_PORT - DEFAULT_PORT + 1 }, (_, i) => DEFAULT_PORT + i);
  return HOSTS.flatMap((host) => ports.map((port) => `http://${host}:${port}`));
}

async function probe(base: string): Promise<Found | undefined> {
  try {
    const response = await fetch(`${base}/.identity`, { signal: AbortSignal.timeout(800), cache: 'no-store' });
    const identity = (await response.json()) as Record<string, unknown>;
    return isCompatibleIdentity(identity)
      ? { base, version: typeof identity.version === 'string' ? identity.version : undefined }
      : undefined;
  } catch {
    return undefined;
  }
}
