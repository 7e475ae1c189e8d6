import type { CommandArgs, CommandReply } from '../../shared/browserCommands';
import { ApiError } from '../../shared/errors';
import { MOCK_RULES_MAX, type MockRule, type NetworkMock } from '../../shared/networkMocks';
import type { StoredEntry } from '../../shared/protocol';
import type { Logger } from '../logging/logger';
import type { CaptureStore } from '../capture/store';
import type { NetworkMockOptions } from './mockOptions';

/** The browser's side of the rules: `add` goes to the target tab (tabCommand), `list` and `clear` to the browser as a whole. */
export interface MockCommands {
  add(args: CommandArgs<'network-mock-add'>): Promise<CommandReply<'network-mock-add'>>;
  list(): Promise<CommandReply<'network-mock-list'>>;
  clear(args: CommandArgs<'network-mock-clear'>): Promise<CommandReply<'network-mock-clear'>>;
}

/**
 * The network mock rules this connector set in the browser. The extension applies them (and counts
 * `times`); this side names them, lists them, and ends them: when cleared, when idle too long, and
 * when the connector stops, so they never outlive the developer's attention.
 */
export class NetworkMockService {
  private readonly rules = new Map<string, NetworkMock>();
  private readonly listeners = new Set<(mocks: NetworkMock[]) => void>();
  private idleTimer: NodeJS.Timeout | undefined;
  private next = 0;

  constructor(
    private readonly browser: MockCommands,
    store: CaptureStore,
    private readonly logger: Logger,
    private readonly options: NetworkMockOptions,
  ) {
    store.onEntry((entry) => this.observe(entry));
  }

  /** The rules as last known, without asking the browser. */
  get known(): NetworkMock[] {
    return [...this.rules.values()];
  }

  onChange(listener: (mocks: NetworkMock[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sets a rule in the target tab; the rule is validated already (mockRuleSchema). */
  async add(rule: MockRule, tabId?: number): Promise<NetworkMock> {
    if (this.rules.size >= MOCK_RULES_MAX)
      throw new ApiError(
        'INVALID_REQUEST',
        `${MOCK_RULES_MAX} network mocks are in force already: clear some (DELETE /network-mocks/:id) first.`,
      );
    const id = `mock-${++this.next}`;
    const { mock } = await this.browser.add({ id, rule, ...(tabId === undefined ? {} : { tabId }) });
    this.rules.set(id, mock);
    this.touch();
    this.changed();
    return mock;
  }

  /** The rules in force, hits counted from the captures; rules the browser ended are dropped. */
  async list(): Promise<NetworkMock[]> {
    this.touch();
    if (!this.rules.size) return [];
    try {
      this.sync((await this.browser.list()).mocks);
    } catch (error) {
      this.logger.warn(`Could not read the network mocks from the browser: ${(error as Error).message}`);
    }
    return this.known;
  }

  /** Clears one rule, or all; an unknown id is an error that lists the known ones. */
  async clear(id?: string): Promise<{ cleared: string[] }> {
    if (id !== undefined && !this.rules.has(id))
      throw new ApiError(
        'NOT_FOUND',
        `No network mock '${id}'. ${this.rules.size ? `Rules in force: ${[...this.rules.keys()].join(', ')}.` : 'None is in force.'}`,
        { id },
      );
    const cleared = id === undefined ? [...this.rules.keys()] : [id];
    for (const gone of cleared) this.rules.delete(gone);
    if (!this.rules.size) clearTimeout(this.idleTimer);
    this.changed();
    try {
      await this.browser.clear(id === undefined ? {} : { id });
    } catch (error) {
      // A browser that is gone has dropped its rules with its connection.
      this.logger.warn(`Could not clear network mocks in the browser: ${(error as Error).message}`);
    }
    return { cleared };
  }

  /** The connector stops: the browser drops the rules when its connection closes, and we ask it first. */
  stop(): void {
    clearTimeout(this.idleTimer);
    if (this.rules.size) void this.clear().catch(() => undefined);
  }

  /** Rules the browser no longer has (debugger detached, tab closed, `times` spent) are gone here too. */
  private sync(live: NetworkMock[]): void {
    const ids = new Set(live.map((mock) => mock.id));
    let changed = false;
    for (const id of this.rules.keys()) if (!ids.has(id)) changed = this.rules.delete(id) || changed;
    if (changed) this.changed();
  }

  /** A mocked request's capture: the rule is in use (idle time restarts), and its `times` may be spent. */
  private observe(entry: StoredEntry): void {
    if (entry.type !== 'network-request' || !entry.mocked) return;
    const mock = this.rules.get(entry.mocked.ruleId);
    if (!mock) return;
    mock.hits++;
    if (mock.times !== undefined) mock.remaining = Math.max(0, mock.times - mock.hits);
    this.touch();
    if (mock.times !== undefined && mock.hits >= mock.times) {
      this.rules.delete(mock.id);
      this.changed();
    }
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    if (!this.rules.size) return;
    this.idleTimer = setTimeout(() => {
      this.logger.info(`Network mocks ended after ${Math.round(this.options.idleMs / 60_000)} idle minutes.`);
      void this.clear();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  private changed(): void {
    const mocks = this.known;
    for (const listener of this.listeners) listener(mocks);
  }
}
