/**
 * The connector's identity for the edge: an ECDSA P-256 key pair. The public key is enrolled
 * once (with an API key); afterwards tokens are obtained by signing a short assertion, so the
 * private key never leaves the machine and nobody else can get tokens for this client.
 */
export interface ClientKeys {
  clientId: string;
  /** SPKI, base64: what POST /auth/token takes as `publicKey`. */
  publicKey: string;
  /** JWK of the private key, for the connector to keep in its own storage. */
  privateJwk: JsonWebKey;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const base64url = (bytes: Uint8Array) => base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

export async function generateClientKeys(clientId: string): Promise<ClientKeys> {
  const pair = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = new Uint8Array((await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer);
  return {
    clientId,
    publicKey: base64(spki),
    privateJwk: (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey,
  };
}

/** A one-use ES256 JWT: iss = sub = clientId, aud = the token endpoint, valid for 60 s. */
export async function signAssertion(keys: ClientKeys, audience: string): Promise<string> {
  const privateKey = await crypto.subtle.importKey('jwk', keys.privateJwk, ALGORITHM, false, ['sign']);
  const now = Math.floor(Date.now() / 1000);
  const header = encodeJson({ alg: 'ES256', typ: 'JWT' });
  const payload = encodeJson({
    iss: keys.clientId,
    sub: keys.clientId,
    aud: audience,
    iat: now,
    exp: now + 60,
    jti: crypto.randomUUID(),
  });
  // WebCrypto's ECDSA signature is already the raw r||s form that JWS ES256 expects.
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    new TextEncoder().encode(`${header}.${payload}`),
  );
  return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
}
