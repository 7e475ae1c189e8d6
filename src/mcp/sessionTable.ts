import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

interface Session<T extends Transport> {
  transport: T;
  lastActive: number;
  /** Who opened it (trust/access callerKey). */
  caller: string;
}

/**
 * Open MCP sessions of one HTTP transport kind, bounded: a client that vanishes without DELETE is
 * closed after `idleMs`. Past `perCaller` sessions of one caller, that caller's least recently active
 * one goes, never another caller's; past `max` in all, the busiest caller loses its oldest.
 */
export class SessionTable<T extends Transport> {
  private readonly sessions = new Map<string, Session<T>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly max: number,
    private readonly idleMs: number,
    private readonly perCaller = max,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.min(60_000, idleMs));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  add(id: string, transport: T, caller = ''): void {
    this.sessions.set(id, { transport, lastActive: Date.now(), caller });
    const own = this.oldestOf(caller);
    if (own.count > this.perCaller) this.close(own.id!);
    if (this.sessions.size > this.max) this.close(this.oldestOf(this.busiestCaller()).id!);
  }

  /** How many sessions `caller` holds, and its least recently active one. */
  private oldestOf(caller: string): { count: number; id?: string } {
    let count = 0;
    let oldest: [string, Session<T>] | undefined;
    for (const entry of this.sessions) {
      if (entry[1].caller !== caller) continue;
      count++;
      if (!oldest || entry[1].lastActive < oldest[1].lastActive) oldest = entry;
    }
    return { count, id: oldest?.[0] };
  }

  private busiestCaller(): string {
    const counts = new Map<string, number>();
    for (const { caller } of this.sessions.values()) counts.set(caller, (counts.get(caller) ?? 0) + 1);
    return [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
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
