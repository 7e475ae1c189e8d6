import { errors, jwtVerify, SignJWT } from 'jose';
import type { Env, Settings } from '../base/env';
import { ApiError, unauthorized } from '../../../src/shared/errors';
import { limitFor } from '../limits/tiers';
import { nowSeconds, randomToken, sha256Hex } from '../base/crypto';
import type { Principal } from '../base/principal';
import { parseScope } from '../base/scopes';

const AUDIENCE = 'browser-debug-api';
const ALGORITHM = 'HS256';

/** A secret shorter than 32 bytes would make HS256 guessable, so it counts as missing. */
function signingKey(env: Env): Uint8Array {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      'Token signing is not configured on this deployment (JWT_SECRET of at least 32 characters).',
    );
  }
  return new TextEncoder().encode(env.JWT_SECRET);
}

export interface IssuedToken {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  expiresAt: string;
  scope: string;
  clientId: string;
}

/** Signs a JWT for an enrolled client and stores its record (hash only) per the spec's token table. */
export async function issueToken(
  env: Env,
  settings: Settings,
  grant: { clientId: string; accountId: string; scope: string },
): Promise<IssuedToken> {
  const issuedAt = nowSeconds();
  const expiresAt = issuedAt + settings.tokenTtlSeconds;
  const jti = randomToken(16);
  const accessToken = await new SignJWT({ acc: grant.accountId, scope: grant.scope })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(settings.service)
    .setAudience(AUDIENCE)
    .setSubject(grant.clientId)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(signingKey(env));
  await env.DB.prepare(
    'INSERT INTO auth_tokens (token_hash, connector_id, issued_at, expires_at, scope, revoked, account_id, jti) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
  )
    .bind(await sha256Hex(accessToken), grant.clientId, issuedAt, expiresAt, grant.scope, grant.accountId, jti)
    .run();
  return {
    accessToken,
    tokenType: 'Bearer',
    expiresIn: settings.tokenTtlSeconds,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    scope: grant.scope,
    clientId: grant.clientId,
  };
}

function rejection(error: unknown): ApiError {
  if (error instanceof errors.JWTExpired)
    return unauthorized('The access token has expired. Request a new one at POST /auth/token.', { reason: 'expired' });
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return unauthorized('The access token signature is invalid.', { reason: 'bad_signature' });
  if (error instanceof errors.JWTClaimValidationFailed)
    return unauthorized(`The access token was not issued for this API (${error.claim}).`, { reason: 'bad_claims' });
  return unauthorized('The access token is malformed: expected a JWT from POST /auth/token.', { reason: 'malformed' });
}

interface TokenRow {
  revoked: number;
  expires_at: number;
  scope: string;
  account_id: string;
  connector_id: string;
  tier: string;
  rate_limit: number | null;
}

/** Signature and claims first (cheap, no I/O), then the stored record for revocation. */
export async function verifyToken(env: Env, settings: Settings, token: string): Promise<Principal> {
  try {
    await jwtVerify(token, signingKey(env), { issuer: settings.service, audience: AUDIENCE, algorithms: [ALGORITHM] });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw rejection(error);
  }
  const tokenHash = await sha256Hex(token);
  const row = await env.DB.prepare(
    `SELECT t.revoked, t.expires_at, t.scope, t.account_id, t.connector_id, a.tier, a.rate_limit
       FROM auth_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?`,
  )
    .bind(tokenHash)
    .first<TokenRow>();
  if (!row) throw unauthorized('The access token is not known to this deployment.', { reason: 'unknown' });
  if (row.revoked) throw unauthorized('The access token has been revoked.', { reason: 'revoked' });
  if (row.expires_at <= nowSeconds())
    throw unauthorized('The access token has expired. Request a new one at POST /auth/token.', { reason: 'expired' });
  return {
    kind: 'token',
    accountId: row.account_id,
    callerId: row.connector_id,
    scopes: parseScope(row.scope),
    rateLimit: limitFor(row.tier, row.rate_limit),
    tokenHash,
  };
}

export async function revokeToken(env: Env, tokenHash: string): Promise<void> {
  await env.DB.prepare('UPDATE auth_tokens SET revoked = 1 WHERE token_hash = ?').bind(tokenHash).run();
}
