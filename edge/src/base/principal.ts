import type { Scope } from './scopes';

/** Who is calling: an account, through one of its API keys or a token minted for one of its clients. */
export interface Principal {
  kind: 'apiKey' | 'token' | 'password';
  accountId: string;
  /** Client id for tokens, `key:<id>` for API keys: the `connector_id` of usage records. */
  callerId: string;
  scopes: Scope[];
  /** Requests per window for this account. */
  rateLimit: number;
  tokenHash?: string;
}
