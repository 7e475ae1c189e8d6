import { signAssertion, type ClientKeys } from './clientKeys';

export class RemoteAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteAuthError';
  }
}

/**
 * Access tokens for one client, fetched from POST /auth/token and reused until a minute before
 * they expire. The API key is needed only the first time, to enrol the client's public key.
 */
export class TokenSource {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly keys: ClientKeys,
    private apiKey?: string,
    // Not `= fetch`: a browser refuses the global fetch called as another object's method.
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt - 60_000 > Date.now()) return this.token.value;
    const url = `${this.baseUrl}/auth/token`;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.apiKey) headers['X-API-Key'] = this.apiKey;
    const body = JSON.stringify({
      clientId: this.keys.clientId,
      publicKey: this.keys.publicKey,
      assertion: await signAssertion(this.keys, url),
    });
    const res = await this.fetchImpl(url, { method: 'POST', headers, body });
    const json = (await res.json().catch(() => ({}))) as {
      data?: { accessToken: string; expiresAt: string };
      error?: { code: string; message: string };
    };
    if (!res.ok || !json.data)
      throw new RemoteAuthError(
        res.status,
        json.error?.code ?? 'UNKNOWN',
        json.error?.message ?? `POST /auth/token answered ${res.status}`,
      );
    this.token = { value: json.data.accessToken, expiresAt: Date.parse(json.data.expiresAt) };
    // Enrolled now: renewals need only the signature, so the key stops travelling.
    this.apiKey = undefined;
    return this.token.value;
  }

  /** Forget the cached token (e.g. after the edge refused it). */
  reset(): void {
    this.token = undefined;
  }
}
