import { decodeProtectedHeader, exportSPKI, importSPKI, jwtVerify, type CryptoKey } from 'jose';
import type { Env } from '../base/env';
import { invalidParameter, unauthorized } from '../../../src/shared/errors';

/**
 * Proof of possession for POST /auth/token (the private_key_jwt pattern of RFC 7523):
 * the client signs a short JWT with the private key of `publicKey`; `iss` and `sub` are its
 * clientId, `aud` is this token endpoint's URL, `exp` at most 5 minutes after `iat`, and `jti`
 * is never accepted twice. Knowing a clientId and its public key is therefore not enough to get
 * a token for it.
 */
export const ASSERTION_ALGORITHMS = ['ES256', 'EdDSA'] as const;
const MAX_LIFETIME_SECONDS = 300;

function toPem(publicKey: string): string {
  const trimmed = publicKey.trim();
  if (trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) return trimmed;
  const body = trimmed.replace(/\s+/g, '');
  return `-----BEGIN PUBLIC KEY-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PUBLIC KEY-----`;
}

export interface ParsedKey {
  key: CryptoKey;
  /** Canonical PEM, so the same key sent in another layout still matches the enrolled one. */
  canonical: string;
}

/** The assertion's `alg` picks the key type: ES256 for P-256 keys, EdDSA for Ed25519 keys. */
export async function importClientKey(publicKey: string, assertion: string): Promise<ParsedKey> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(assertion).alg;
  } catch {
    throw invalidParameter(
      'assertion',
      '(not shown)',
      ['a compact JWS signed with the client key'],
      'expected a signed JWT (header.payload.signature)',
    );
  }
  if (!alg || !(ASSERTION_ALGORITHMS as readonly string[]).includes(alg)) {
    throw invalidParameter(
      'assertion',
      alg ?? '',
      ASSERTION_ALGORITHMS,
      'the assertion must be signed with ES256 or EdDSA',
    );
  }
  try {
    const key = await importSPKI(toPem(publicKey), alg, { extractable: true });
    return { key, canonical: await exportSPKI(key) };
  } catch {
    throw invalidParameter(
      'publicKey',
      '(not shown)',
      [`an SPKI public key (PEM or base64) for ${alg}`],
      `expected an SPKI public key (PEM or base64) matching ${alg}`,
    );
  }
}

export async function verifyAssertion(
  env: Env,
  key: CryptoKey,
  assertion: string,
  clientId: string,
  audience: string,
): Promise<void> {
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, key, {
      issuer: clientId,
      subject: clientId,
      audience,
      algorithms: [...ASSERTION_ALGORITHMS],
      requiredClaims: ['iat', 'exp', 'jti'],
      maxTokenAge: MAX_LIFETIME_SECONDS,
    }));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw unauthorized(`Proof of possession failed: ${why}`, { reason: 'bad_assertion' });
  }
  if (payload.exp! - payload.iat! > MAX_LIFETIME_SECONDS) {
    throw unauthorized(`Proof of possession failed: the assertion may live at most ${MAX_LIFETIME_SECONDS} s.`, {
      reason: 'bad_assertion',
    });
  }
  const inserted = await env.DB.prepare('INSERT OR IGNORE INTO used_assertions (jti, expires_at) VALUES (?, ?)')
    .bind(`${clientId}:${payload.jti}`, payload.exp!)
    .run();
  if (inserted.meta.changes === 0)
    throw unauthorized('Proof of possession failed: this assertion was already used.', {
      reason: 'replayed_assertion',
    });
}
