import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

interface Session<T extends Transport> {
  transport: T;
  lastActive: number;
}

/**
 * Open MCP sessions of one HTTP transport kind, bounded: a client that vanishes without DELETE
 * is closed after `idleMs`, and past `max` sessions the least recently active one goes.
 */
export class SessionTable<T extends Transport> {
  private readonly sessions = new Map<string, Session<T>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly max: number,
    private readonly idleMs: number,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.min(60_000, idleMs));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  add(id: string, transport: T): void {
    this.sessions.set(id, { transport, lastActive: Date.now() });
    if (this.sessions.size > this.max) {
      const oldest = [...this.sessions.entries()].reduce((a, b) => (b[1].lastActive < a[1].lastActive ? b : a));
      this.close(oldest[0]);
    }
  }

  /** The session's transport, marked active. */
  use(id: string | undefined): T | undefined {
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (session) session.lastActive = Date.now();
    return session?.transport;
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  close(id: string): void {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    void session?.transport.close();
  }

  closeAll(): void {
    clearInterval(this.timer);
    for (const id of [...this.sessions.keys()]) this.close(id);
  }

  private sweep(): void {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, session] of this.sessions) if (session.lastActive < cutoff) this.close(id);
  }
}
