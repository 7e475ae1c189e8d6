import { base64url, timingSafeEqual } from '../base/crypto';

/**
 * PBKDF2-SHA256 with a per-account random salt. 100,000 iterations is the most the Workers
 * runtime accepts; the count is stored with each hash so it can be raised later without a reset.
 */
export const PBKDF2_ITERATIONS = 100_000;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

async function derive(password: string, salt: string, iterations: number): Promise<string> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations },
    material,
    256,
  );
  return base64url(new Uint8Array(bits));
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = base64url(crypto.getRandomValues(new Uint8Array(16)));
  return { hash: await derive(password, salt, PBKDF2_ITERATIONS), salt, iterations: PBKDF2_ITERATIONS };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  return timingSafeEqual(await derive(password, stored.salt, stored.iterations), stored.hash);
}
