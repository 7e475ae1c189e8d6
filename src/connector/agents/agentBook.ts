import { Agent, GROUP_COLOURS } from './agent';

/** The longest name an agent gets from its client's `clientInfo`. */
const NAME_CHARS = 24;

/**
 * The connector's agents and who holds which tab. A tab an agent opened is leased to it until the tab
 * closes or the agent leaves; any other tab is the developer's, shared with agents only when the
 * developer says so (see leaseGate for the rules). One per connector.
 */
export class AgentBook {
  private readonly agents = new Map<number, Agent>();
  private readonly leases = new Map<number, Agent>();
  private readonly shared = new Set<number>();
  private readonly perName = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private next = 1;

  constructor(
    /** The developer's setting: every tab of theirs is shared with every agent. */
    public shareAlways = false,
  ) {}

  /** The agents present (Agent.present): how many the developer's tabs are kept from. */
  get count(): number {
    let present = 0;
    const now = Date.now();
    for (const agent of this.agents.values()) if (agent.present(now)) present++;
    return present;
  }

  list(): Agent[] {
    return [...this.agents.values()];
  }

  get(id: number): Agent | undefined {
    return this.agents.get(id);
  }

  /** A new agent, named for its client once the client says who it is (see `rename`). */
  join(clientName = ''): Agent {
    const id = this.next++;
    const agent = new Agent(id, '', GROUP_COLOURS[(id - 1) % GROUP_COLOURS.length]!);
    agent.name = clientName ? this.nameFor(clientName) : `Agent · ${id}`;
    this.agents.set(id, agent);
    this.changed();
    return agent;
  }

  /** "Copilot · 2": the client's name and how many agents of that client came before. */
  rename(agent: Agent, clientName: string): void {
    agent.name = this.nameFor(clientName);
    this.changed();
  }

  /** Ends the agent: its leases go. Answers the tabs it opened, for the caller to close. */
  leave(agent: Agent): number[] {
    if (!this.agents.delete(agent.id)) return [];
    for (const [tabId, holder] of this.leases) if (holder === agent) this.leases.delete(tabId);
    this.changed();
    return [...agent.opened];
  }

  lease(tabId: number, agent: Agent): void {
    this.leases.set(tabId, agent);
    agent.opened.add(tabId);
    this.changed();
  }

  /**
   * Holds a tab for one long job of `agent` (a leak check): other agents are refused it (TAB_LEASED) until
   * the answered release. Unlike `lease`, the tab does not become the agent's own: it is not closed with it.
   */
  hold(tabId: number, agent: Agent): () => void {
    if (this.leases.has(tabId)) return () => undefined;
    this.leases.set(tabId, agent);
    this.changed();
    return () => {
      if (this.leases.get(tabId) !== agent || agent.opened.has(tabId)) return;
      this.leases.delete(tabId);
      this.changed();
    };
  }

  /** The agent holding the tab, if any. */
  holder(tabId: number): Agent | undefined {
    return this.leases.get(tabId);
  }

  /** The tab is gone (closed by the developer or crashed): its lease and share end. */
  release(tabId: number): void {
    const holder = this.leases.get(tabId);
    holder?.opened.delete(tabId);
    holder?.tab.forget(tabId);
    const changed = this.leases.delete(tabId) || this.shared.delete(tabId);
    if (changed) this.changed();
  }

  share(tabId: number, on: boolean): void {
    if (on) this.shared.add(tabId);
    else this.shared.delete(tabId);
    this.changed();
  }

  isShared(tabId: number): boolean {
    return this.shareAlways || this.shared.has(tabId);
  }

  sharedTabs(): number[] {
    return [...this.shared];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private nameFor(clientName: string): string {
    const base = clientName.trim().replace(/\s+/g, ' ').slice(0, NAME_CHARS) || 'Agent';
    const ordinal = (this.perName.get(base) ?? 0) + 1;
    this.perName.set(base, ordinal);
    return `${base} · ${ordinal}`;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
