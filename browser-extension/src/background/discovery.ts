import { DEFAULT_PORT, MAX_FALLBACK_PORT, isCompatibleIdentity } from '../../../src/shared/identity';

export interface Found {
  host: string;
  port: number;
  version?: string;
}

const HOSTS = ['127.0.0.1', 'localhost'];

/**
 * Finds what claims to be our connector by its `/.identity` (signature plus our name and protocol:
 * another tool answers with the same signature). Probes every candidate at once; lowest port first.
 * Anyone can answer `/.identity`: the pairing challenge (pairing/pairingKey) decides which to trust.
 */
export async function discoverConnectors(fixedPort?: number): Promise<Found[]> {
  const ports = fixedPort
    ? [fixedPort]
    : Array.from({ length: MAX_FALLBACK_PORT - DEFAULT_PORT + 1 }, (_, i) => DEFAULT_PORT + i);
  const candidates = HOSTS.flatMap((host) => ports.map((port) => ({ host, port })));
  const answers = await Promise.all(candidates.map((candidate) => probe(candidate.host, candidate.port)));
  return answers.filter((answer): answer is Found => answer !== undefined);
}

async function probe(host: string, port: number): Promise<Found | undefined> {
  try {
    const response = await fetch(`http://${host}:${port}/.identity`, {
      signal: AbortSignal.timeout(800),
      cache: 'no-store',
    });
    const identity = (await response.json()) as Record<string, unknown>;
    return isCompatibleIdentity(identity)
      ? { host, port, version: typeof identity.version === 'string' ? identity.version : undefined }
      : undefined;
  } catch {
    return undefined;
  }
}
