import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ApiError } from '../../shared/errors';
import {
  BROWSER_LABEL,
  CODE_ALPHABET,
  CONNECTOR_LABEL,
  type BrowserProof,
  type ChallengeReply,
  type PairReply,
} from '../../shared/pairing';
import { privateFolder, sameSecret, stateFolder } from './userSecret';

interface Pairing {
  id: string;
  key: string;
  label: string;
  createdAt: number;
}

const CODE_TTL_MS = 10 * 60_000;
/** Pairings kept; the oldest go first (a browser that lost its pairing pairs again). */
const MAX_PAIRINGS = 100;
const NONCE_TTL_MS = 30_000;
/** Wrong codes allowed per minute; past that every outstanding code is void until a new one is shown. */
const MAX_WRONG_PER_MINUTE = 5;

export function pairingsFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateFolder(env), 'pairings.json');
}

/**
 * The browsers this user paired, and the one-time codes and nonces that pair and prove them. Pairings
 * are kept in the user's state folder (0600), shared by every connector of the user, so a restart, the
 * CLI and VS Code all know the same browsers. Codes, nonces and sessions live in memory only.
 */
export class PairingBook {
  private readonly codes = new Map<string, number>();
  private readonly nonces = new Map<string, { pairingId: string; expires: number }>();
  private readonly sessions = new Set<string>();
  private wrong: number[] = [];

  constructor(
    private readonly file: string,
    private readonly port: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new one-time code, `PORT-XXXX-XXXX`, valid for ten minutes. */
  issueCode(): string {
    const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const code = `${part()}-${part()}`;
    this.codes.set(code, this.now() + CODE_TTL_MS);
    return `${this.port()}-${code}`;
  }

  /** Redeems a code (once): a new pairing for the browser that typed it. */
  redeem(code: string, label = 'a browser'): PairReply {
    const now = this.now();
    this.wrong = this.wrong.filter((at) => now - at < 60_000);
    if (this.wrong.length >= MAX_WRONG_PER_MINUTE)
      throw new ApiError(
        'RATE_LIMITED',
        'Too many wrong pairing codes: wait a minute, then ask for a new code ("Browser Debug: Pair Browser" in VS Code, or restart npm start).',
      );
    const expires = this.codes.get(code.toUpperCase());
    if (expires === undefined || expires < now) {
      this.wrong.push(now);
      if (this.wrong.length >= MAX_WRONG_PER_MINUTE) this.codes.clear();
      throw new ApiError(
        'FORBIDDEN',
        expires === undefined
          ? 'Wrong pairing code: type the code the connector shows ("Browser Debug: Pair Browser" in VS Code, or the one npm start printed).'
          : 'This pairing code has expired: ask for a new one ("Browser Debug: Pair Browser" in VS Code, or restart npm start).',
      );
    }
    this.codes.delete(code.toUpperCase());
    return this.add(label);
  }

  /**
   * A pairing made without a code: Launch Browser hands it to the browser it starts, over its private
   * pipe. With `replace`, earlier pairings under the same label go (Launch Browser reuses one profile).
   */
  add(label: string, replace = false): PairReply {
    const pairing: Pairing = {
      id: randomBytes(8).toString('hex'),
      key: randomBytes(32).toString('hex'),
      label: label.slice(0, 200),
      createdAt: Date.now(),
    };
    const kept = this.load().filter((old) => !(replace && old.label === pairing.label));
    this.save([...kept, pairing].slice(-MAX_PAIRINGS));
    return { pairingId: pairing.id, key: pairing.key };
  }

  /** The connector's half of the challenge; undefined when the pairing is unknown here. */
  prove(pairingId: string, nonce: string): ChallengeReply | undefined {
    const pairing = this.find(pairingId);
    if (!pairing) return undefined;
    this.forgetExpired();
    const ours = randomBytes(16).toString('hex');
    this.nonces.set(ours, { pairingId, expires: this.now() + NONCE_TTL_MS });
    return { proof: hmac(pairing.key, CONNECTOR_LABEL + nonce), nonce: ours };
  }

  /** The browser's half: its HMAC over a nonce we issued (each nonce once). */
  verifyBrowser(proof: BrowserProof): boolean {
    const issued = this.nonces.get(proof.nonce);
    if (!issued || issued.pairingId !== proof.pairingId || issued.expires < this.now()) return false;
    this.nonces.delete(proof.nonce);
    const pairing = this.find(proof.pairingId);
    return pairing !== undefined && sameSecret(proof.proof, hmac(pairing.key, BROWSER_LABEL + proof.nonce));
  }

  /** A bearer for a proven browser's HTTP calls, valid until `endSession`. */
  openSession(): string {
    const token = randomBytes(24).toString('base64url');
    this.sessions.add(token);
    return token;
  }

  endSession(token: string): void {
    this.sessions.delete(token);
  }

  hasSession(token: string): boolean {
    return this.sessions.has(token);
  }

  get pairedCount(): number {
    return this.load().length;
  }

  private find(id: string): Pairing | undefined {
    return this.load().find((pairing) => pairing.id === id);
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [nonce, issued] of this.nonces) if (issued.expires < now) this.nonces.delete(nonce);
  }

  /** Read on every use: another connector of this user may have paired a browser since. */
  private load(): Pairing[] {
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as { pairings?: Pairing[] };
      return Array.isArray(parsed.pairings) ? parsed.pairings : [];
    } catch {
      return [];
    }
  }

  private save(pairings: Pairing[]): void {
    privateFolder(dirname(this.file));
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ pairings }, null, 1), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}

function hmac(keyHex: string, text: string): string {
  return createHmac('sha256', Buffer.from(keyHex, 'hex')).update(text).digest('hex');
}
