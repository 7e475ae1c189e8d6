import {
  BROWSER_LABEL,
  CHALLENGE_PATH,
  CONNECTOR_LABEL,
  PAIR_PATH,
  isChallengeReply,
  isPairReply,
  parsePairingCode,
  type BrowserProof,
  type PairReply,
} from '../../../../src/shared/pairing';

/**
 * This browser's pairing with its user's connectors (docs/security.md, "Pairing"): the key kept in
 * chrome.storage.local, and the challenge that proves a connector before the extension obeys it or
 * sends it a capture. A listener that answers `/.identity` but not the challenge (a port squatter)
 * never gets a socket.
 */
const STORAGE_KEY = 'pairing';

export type Pairing = PairReply;

export async function loadPairing(): Promise<Pairing | undefined> {
  const stored = (await chrome.storage.local.get(STORAGE_KEY))[STORAGE_KEY] as unknown;
  return isPairReply(stored) ? stored : undefined;
}

/** Calls `listener` when the stored pairing changes (the popup paired, or Launch Browser seeded one). */
export function onPairingChanged(listener: () => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && STORAGE_KEY in changes) listener();
  });
}

/**
 * Asks the connector at `base` to prove it holds our key; on success, our own proof for the
 * WebSocket URL. Undefined when it cannot (not ours, or it does not know this pairing).
 */
export async function proveConnector(base: string, pairing: Pairing): Promise<BrowserProof | undefined> {
  const nonce = randomHex(16);
  try {
    const response = await fetch(`${base}${CHALLENGE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pairingId: pairing.pairingId, nonce }),
      signal: AbortSignal.timeout(2000),
      cache: 'no-store',
    });
    const reply: unknown = await response.json();
    if (!response.ok || !isChallengeReply(reply)) return undefined;
    const expected = await hmacHex(pairing.key, CONNECTOR_LABEL + nonce);
    if (!sameText(expected, reply.proof)) return undefined;
    const proof = await hmacHex(pairing.key, BROWSER_LABEL + reply.nonce);
    return { pairingId: pairing.pairingId, nonce: reply.nonce, proof };
  } catch {
    return undefined;
  }
}

export type PairResult = { ok: true; port: number } | { ok: false; error: string };

/**
 * Redeems a code typed in the popup, `PORT-XXXX-XXXX`, at that port only (or at the forwarded connector
 * address when one is set: a remote window), and keeps the key.
 */
export async function pairWithCode(typed: string, address?: string): Promise<PairResult> {
  const parsed = parsePairingCode(typed);
  if (!parsed)
    return {
      ok: false,
      error:
        'That is not a pairing code: type it as shown, e.g. 3025-K7PX-9Q2M ("Browser Debug: Pair Browser" in VS Code, or the one npm start printed).',
    };
  try {
    const response = await fetch(`${address ?? `http://127.0.0.1:${parsed.port}`}${PAIR_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: parsed.code, label: navigator.userAgent }),
      signal: AbortSignal.timeout(5000),
      cache: 'no-store',
    });
    const body = (await response.json()) as { error?: { message?: string } };
    if (!response.ok || !isPairReply(body))
      return { ok: false, error: body.error?.message ?? `The connector refused (HTTP ${response.status}).` };
    await chrome.storage.local.set({ [STORAGE_KEY]: { pairingId: body.pairingId, key: body.key } });
    return { ok: true, port: parsed.port };
  } catch {
    const where = address ?? `port ${parsed.port}`;
    return { ok: false, error: `No Browser Debug connector answered at ${where}: is it running?` };
  }
}

async function hmacHex(keyHex: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', hexBytes(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two proofs without stopping at the first differing character. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
