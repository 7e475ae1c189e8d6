/**
 * Pairing between a browser and the connectors of one user (docs/security.md, "Pairing"). The wire
 * shapes live here so both halves are typed from one place.
 *
 * - A pairing code is shown by the connector (VS Code's "Browser Debug: Pair Browser", or `npm start`)
 *   as `PORT-XXXX-XXXX`: the port says where the code goes, so no other listener ever sees it.
 * - Redeeming it (`POST /pairing/pair`) gives the browser a pairing id and a 32-byte key.
 * - Before each connection the browser asks the connector to prove the key (`POST /pairing/challenge`):
 *   HMAC(key, CONNECTOR_LABEL + its nonce); the connector answers with a nonce of its own, which the
 *   browser proves in the WebSocket URL: HMAC(key, BROWSER_LABEL + that nonce).
 */
export const PAIR_PATH = '/pairing/pair';
export const CHALLENGE_PATH = '/pairing/challenge';
/** Issues a new one-time code; a caller with the user secret only (VS Code's "Pair Browser"). */
export const CODE_PATH = '/pairing/code';

/** What each side's HMAC covers before the nonce, so one side's proof is never the other's. */
export const CONNECTOR_LABEL = 'browser-debug connector proof\n';
export const BROWSER_LABEL = 'browser-debug browser proof\n';

/** Letters and digits that are hard to mistake for one another (no 0/O, 1/I/L). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_BODY = `[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}`;

/** `3025-K7PX-9Q2M`; spaces and case are forgiven when typed. */
export const PAIRING_CODE = new RegExp(`^(\\d{2,5})-(${CODE_BODY})$`);

export function parsePairingCode(typed: string): { port: number; code: string } | undefined {
  const match = PAIRING_CODE.exec(typed.trim().toUpperCase().replace(/\s+/g, ''));
  if (!match) return undefined;
  return { port: Number(match[1]), code: match[2]! };
}

/** The connector's answer to a redeemed code: the pairing's id and its key, hex. */
export interface PairReply {
  pairingId: string;
  key: string;
}

/** The connector's half of the challenge, and the nonce the browser must prove in turn. */
export interface ChallengeReply {
  proof: string;
  nonce: string;
}

export const isHex = (value: unknown, bytes: number): value is string =>
  typeof value === 'string' && value.length === bytes * 2 && /^[0-9a-f]+$/.test(value);

/** Checks a reply without zod, which the browser extension does not bundle. */
export function isPairReply(value: unknown): value is PairReply {
  const reply = value as Partial<PairReply> | undefined;
  return isHex(reply?.pairingId, 8) && isHex(reply?.key, 32);
}

export function isChallengeReply(value: unknown): value is ChallengeReply {
  const reply = value as Partial<ChallengeReply> | undefined;
  return isHex(reply?.proof, 32) && isHex(reply?.nonce, 16);
}

/** The query the browser's WebSocket URL carries once it has proven the connector. */
export interface BrowserProof {
  pairingId: string;
  nonce: string;
  proof: string;
}

export function browserProofQuery(proof: BrowserProof): string {
  return new URLSearchParams({ pairing: proof.pairingId, nonce: proof.nonce, proof: proof.proof }).toString();
}

export function browserProofFrom(url: string | undefined): BrowserProof | undefined {
  const query = new URLSearchParams((url ?? '').split('?')[1] ?? '');
  const [pairingId, nonce, proof] = [query.get('pairing'), query.get('nonce'), query.get('proof')];
  return pairingId && nonce && proof ? { pairingId, nonce, proof } : undefined;
}
