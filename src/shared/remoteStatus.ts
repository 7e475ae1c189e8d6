/** Hybrid mode as the connector reports it in /health and `remote-status` frames on /ws. */
export interface RemoteReport {
  /** `failed`: hybrid mode could not start here (see lastError); the others are the tunnel's state. */
  state: 'stopped' | 'connecting' | 'online' | 'offline' | 'unauthorized' | 'failed';
  /** Captures waiting or sent but not yet acknowledged by the edge. */
  queued: number;
  /** Captures dropped because the queue was full while offline. */
  dropped: number;
  /** Captures handed to the tunnel since hybrid mode started. */
  forwarded: number;
  lastError?: string;
  url: string;
  sessionId?: string;
  clientId?: string;
  origins: string[];
}
