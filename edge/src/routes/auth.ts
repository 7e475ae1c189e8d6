import { z } from 'zod';
import { createAccount } from '../auth/accounts';
import { createApiKey } from '../auth/apiKeys';
import { importClientKey, verifyAssertion } from '../auth/clientAssertion';
import { verifyApiKey } from '../auth/apiKeys';
import { credentialsOf, requirePrincipal } from '../auth/authenticate';
import { enrolledKey, enrolClient } from '../auth/clients';
import { DEFAULT_SCOPE, normalizeScope } from '../base/scopes';
import { issueToken, revokeToken } from '../auth/tokens';
import type { Ctx } from '../http/context';
import { ApiError, unauthorized } from '../../../src/shared/errors';
import { defineRoute, type RouteSpec } from '../http/route';

const register = defineRoute({
  method: 'post',
  paths: ['/auth/register'],
  summary: 'Create an account',
  description:
    'The password is stored as PBKDF2-SHA256 with its own salt. The answer holds the first API key (scopes read, write, admin): it is shown only this once.',
  tag: 'Accounts',
  access: 'public',
  body: z.object({
    email: z.string().trim().max(254).email().describe('the login email, unique'),
    password: z.string().min(10).max(1024).describe('10 to 1024 characters'),
    name: z.string().trim().min(1).max(200).describe('display name'),
  }),
  response: {
    status: 201,
    data: z.object({ account: z.record(z.string(), z.unknown()), apiKey: z.record(z.string(), z.unknown()) }),
  },
  async handle(c, { body }) {
    const account = await createAccount(c.env, body);
    const apiKey = await createApiKey(c.env, account.id, 'default', 'read,write,admin');
    return { account, apiKey };
  },
});

const tokenBody = z.object({
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{3,128}$/, 'expected 3 to 128 characters of A-Z a-z 0-9 . _ : -')
    .describe('the connector id, 3 to 128 characters of A-Z a-z 0-9 . _ : -'),
  publicKey: z
    .string()
    .min(40)
    .max(4096)
    .describe('the client public key: SPKI, PEM or base64 (P-256 for ES256, Ed25519 for EdDSA)'),
  assertion: z
    .string()
    .min(20)
    .max(8192)
    .describe(
      'JWT signed with the private key: iss = sub = clientId, aud = this endpoint URL, jti, iat, exp (at most 5 min later)',
    ),
  scope: z.string().optional().describe('subset of read,write (default read,write)'),
});

/** An unknown clientId is enrolled to the account of the X-API-Key sent with it (scope write). */
async function accountFor(c: Ctx, clientId: string, canonicalKey: string): Promise<string> {
  const enrolled = await enrolledKey(c.env, clientId);
  if (enrolled) {
    if (enrolled.publicKey !== canonicalKey)
      throw unauthorized(`Client '${clientId}' is enrolled with a different public key.`, { reason: 'key_mismatch' });
    return enrolled.accountId;
  }
  const apiKey = credentialsOf(c.req.raw).apiKey;
  if (!apiKey)
    throw unauthorized(
      `Client '${clientId}' is not enrolled. Call POST /auth/token once with X-API-Key of your account to enrol it.`,
      { reason: 'not_enrolled' },
    );
  const principal = await verifyApiKey(c.env, apiKey);
  if (!principal.scopes.includes('write'))
    throw new ApiError('FORBIDDEN', "Enrolling a client needs an API key with the 'write' scope.", {
      required: 'write',
      granted: principal.scopes,
    });
  await enrolClient(c.env, clientId, principal.accountId, canonicalKey);
  // Two first calls at once: whichever enrolled first wins, and the other must match it.
  const winner = await enrolledKey(c.env, clientId);
  if (winner?.publicKey !== canonicalKey || winner.accountId !== principal.accountId)
    throw unauthorized(`Client '${clientId}' is enrolled with a different public key.`, { reason: 'key_mismatch' });
  return principal.accountId;
}

const token = defineRoute({
  method: 'post',
  paths: ['/auth/token'],
  summary: 'Issue an access token (JWT) to a client that proves it holds its private key',
  description:
    'Proof of possession: `assertion` is a JWT the client signs with the private key of `publicKey`. The first call for a clientId enrols it with that key and needs X-API-Key; later calls need only the assertion, and a different key for the same clientId is refused.',
  tag: 'Accounts',
  access: 'public',
  body: tokenBody,
  response: {
    data: z.object({
      accessToken: z.string(),
      tokenType: z.literal('Bearer'),
      expiresIn: z.number().int(),
      expiresAt: z.string(),
      scope: z.string(),
      clientId: z.string(),
    }),
  },
  async handle(c, { body }) {
    const scope = normalizeScope(body.scope ?? DEFAULT_SCOPE, ['read', 'write']);
    if (!scope)
      throw new ApiError(
        'INVALID_PARAMETER',
        `Invalid value '${body.scope}' for 'scope': tokens carry read and/or write.`,
        { parameter: 'scope', value: body.scope, validValues: ['read', 'write', 'read,write'] },
      );
    const { key, canonical } = await importClientKey(body.publicKey, body.assertion);
    await verifyAssertion(c.env, key, body.assertion, body.clientId, new URL(c.req.url).origin + '/auth/token');
    const accountId = await accountFor(c, body.clientId, canonical);
    return issueToken(c.env, c.var.settings, { clientId: body.clientId, accountId, scope });
  },
});

const revoke = defineRoute({
  method: 'post',
  paths: ['/auth/revoke'],
  summary: 'Revoke the access token sent in Authorization',
  description: 'Later requests with that token get 401 UNAUTHORIZED.',
  tag: 'Accounts',
  access: 'authenticated',
  response: { data: z.object({ revoked: z.boolean() }) },
  async handle(c) {
    const principal = requirePrincipal(c);
    if (!principal.tokenHash)
      throw new ApiError(
        'BAD_REQUEST',
        'Send the access token to revoke as Authorization: Bearer <token>. API keys are revoked at DELETE /api/v1/api-keys/{id}.',
      );
    await revokeToken(c.env, principal.tokenHash);
    return { revoked: true };
  },
});

export const authRoutes: RouteSpec[] = [register, token, revoke];
