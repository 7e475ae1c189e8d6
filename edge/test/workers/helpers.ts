import { SELF } from 'cloudflare:test';
import { exportSPKI, SignJWT } from 'jose';
import { expect } from 'vitest';

export const BASE = 'https://edge.test';
let counter = 0;

/** Each caller gets its own client address, so anonymous rate limits never leak between tests. */
export function freshIp(): string {
  counter += 1;
  return `10.${(counter >> 8) & 255}.${counter & 255}.${Math.floor(Math.random() * 250) + 1}`;
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface Caller {
  ip: string;
  fetch(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

export function caller(ip = freshIp(), base: Record<string, string> = {}): Caller {
  return {
    ip,
    fetch(path, init = {}) {
      const headers = new Headers({ 'CF-Connecting-IP': ip, ...base });
      new Headers(init.headers).forEach((value, name) => headers.set(name, value));
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return SELF.fetch(BASE + path, { ...init, headers, body });
    },
  };
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Envelope B error with this code, and the status that goes with it. */
export async function expectError(res: Response, status: number, code: string): Promise<any> {
  const body = await json(res);
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  expect(body.status).toBe('error');
  expect(typeof body.requestId).toBe('string');
  expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  return body;
}

export interface Account {
  accountId: string;
  email: string;
  password: string;
  adminKey: string;
  call: Caller;
}

export async function registerAccount(): Promise<Account> {
  const call = caller();
  const email = `${unique('user')}@example.com`;
  const password = 'correct horse battery';
  const res = await call.fetch('/auth/register', { method: 'POST', json: { email, password, name: 'Tester' } });
  expect(res.status).toBe(201);
  const body = await json(res);
  return { accountId: body.data.account.id, email, password, adminKey: body.data.apiKey.key, call };
}

export interface ClientKeys {
  clientId: string;
  publicKey: string;
  privateKey: CryptoKey;
}

export async function clientKeys(clientId = unique('connector')): Promise<ClientKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return { clientId, publicKey: await exportSPKI(pair.publicKey), privateKey: pair.privateKey };
}

export async function assertion(
  keys: ClientKeys,
  overrides: { aud?: string; iss?: string; expSeconds?: number; jti?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(overrides.iss ?? keys.clientId)
    .setSubject(keys.clientId)
    .setAudience(overrides.aud ?? `${BASE}/auth/token`)
    .setJti(overrides.jti ?? crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (overrides.expSeconds ?? 60))
    .sign(keys.privateKey);
}

/** Enrols a new client for the account (first call carries the API key) and returns its token. */
export async function issueToken(
  account: Account,
  options: { scope?: string; keys?: ClientKeys } = {},
): Promise<{ token: string; keys: ClientKeys; body: any }> {
  const keys = options.keys ?? (await clientKeys());
  const res = await account.call.fetch('/auth/token', {
    method: 'POST',
    headers: { 'X-API-Key': account.adminKey },
    json: {
      clientId: keys.clientId,
      publicKey: keys.publicKey,
      assertion: await assertion(keys),
      scope: options.scope,
    },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { token: body.data.accessToken, keys, body };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
