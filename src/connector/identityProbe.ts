import { isCompatibleIdentity } from '../shared/identity';

export interface ProbeResult {
  /** Something answered HTTP on the port. */
  answered: boolean;
  /** It is a Browser Debug connector speaking our protocol. */
  ours: boolean;
  identity?: Record<string, unknown>;
}

/** Asks `http://host:port/.identity` who is there, within `timeoutMs`. Never throws. */
export async function probeIdentity(host: string, port: number, timeoutMs = 1000): Promise<ProbeResult> {
  try {
    const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/.identity`, { signal: AbortSignal.timeout(timeoutMs) });
    const identity = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!identity || typeof identity !== 'object') return { answered: true, ours: false };
    return { answered: true, ours: isCompatibleIdentity(identity), identity };
  } catch {
    return { answered: false, ours: false };
  }
}
