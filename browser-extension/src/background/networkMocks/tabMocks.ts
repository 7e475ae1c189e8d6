import { mockHeaderAllowed, type MockRule, type NetworkMock } from '../../../../src/shared/networkMocks';
import { actionSession, type ActionSession, type EventParams } from '../actions/actionSession';
import { isTabCaptured } from '../scope';
import type { Send } from '../debuggerSession';
import { settings } from '../settings';
import { tabInfo } from '../tabsState';
import type { ChildTarget } from '../targets/tabTargets';
import { frameUrl } from './frameUrl';
import { showMockBadge } from './mockBadge';
import { mockHits } from './mockHits';
import { fetchPattern, ruleMatcher, type PausedRequest } from './ruleMatch';

const PIN = 'network-mocks';
/**
 * Child targets whose requests Fetch must be enabled on: out-of-process iframes, service and shared workers.
 * A dedicated worker's requests already pause in the Fetch of the frame that started it.
 */
const INTERCEPTED = new Set<ChildTarget['type']>(['iframe', 'service_worker', 'shared_worker']);

interface ActiveRule {
  mock: NetworkMock;
  matches: (request: PausedRequest) => boolean;
  /** Its `times` are used up: it matches nothing more, and goes once its last request is answered. */
  spent?: boolean;
}

/** Status phrases: Chrome has none of its own for codes such as 419, and without one the page's renderer dies. */
const PHRASES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** UTF-8 text as base64, for Fetch.fulfillRequest's body. */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The mock rules of one tab, applied through the Fetch domain on the tab's action session (pinned
 * while any rule is in force). Requests no rule matches, and every request of a frame outside the scope
 * (even in a tab whose top page is in it), continue untouched.
 */
export class TabMocks {
  private rules: ActiveRule[] = [];
  private readonly offs: (() => void)[];

  private constructor(
    readonly tabId: number,
    private readonly session: ActionSession,
    private readonly ended: (tab: TabMocks) => void,
  ) {
    this.offs = [
      session.on('Fetch.requestPaused', (params) => void this.paused(params)),
      // The tab's out-of-process iframes and its workers: same rules, answered over their own session.
      session.targets.on('Fetch.requestPaused', (params, target) => void this.paused(params, target)),
      session.targets.onAttached((target) => void this.enableOn(target).catch(() => undefined)),
      // A new document of the tab: the badge goes with the old one.
      session.on('Page.domContentEventFired', () => this.badge()),
    ];
  }

  static async open(tabId: number, ended: (tab: TabMocks) => void): Promise<TabMocks> {
    const session = await actionSession(tabId);
    session.pin(PIN);
    return new TabMocks(tabId, session, ended);
  }

  get mocks(): NetworkMock[] {
    return this.rules.filter((rule) => !rule.spent).map((rule) => ({ ...rule.mock }));
  }

  get isClosed(): boolean {
    return this.session.isClosed;
  }

  /** Newest rule first: a later rule overrides an earlier one for the same requests. */
  async add(mock: NetworkMock): Promise<void> {
    const active = { mock, matches: ruleMatcher(mock) };
    this.rules.unshift(active);
    try {
      await this.enable();
    } catch (error) {
      this.rules = this.rules.filter((rule) => rule !== active);
      throw error;
    }
    this.badge();
  }

  /** Removes one rule (or all); the last one out disables Fetch, unpins the session and takes the badge away. */
  async remove(id?: string): Promise<number> {
    const before = this.rules.length;
    this.rules = id === undefined ? [] : this.rules.filter((rule) => rule.mock.id !== id);
    const removed = before - this.rules.length;
    if (removed) {
      await this.enable().catch(() => undefined);
      this.badge();
    }
    return removed;
  }

  /** The debugger went away (bar closed, tab closed): the rules are gone with it. */
  dropped(): void {
    this.rules = [];
    this.end();
  }

  private async enable(): Promise<void> {
    const children = this.session.targets.list();
    if (!this.rules.length) {
      await this.session.send('Fetch.disable').catch(() => undefined);
      await Promise.all(children.map((target) => this.enableOn(target).catch(() => undefined)));
      this.end();
      return;
    }
    await this.session.send('Fetch.enable', { patterns: this.patterns() });
    // A child that goes away meanwhile takes its requests with it.
    await Promise.all(children.map((target) => this.enableOn(target).catch(() => undefined)));
  }

  private patterns() {
    return this.rules.map((rule) => fetchPattern(rule.mock));
  }

  /** The rules' patterns on one child target (or Fetch off there, with no rule left). */
  private async enableOn(target: ChildTarget): Promise<void> {
    if (!INTERCEPTED.has(target.type)) return;
    const send = this.session.targets.sender(target.sessionId);
    if (this.rules.length) await send('Fetch.enable', { patterns: this.patterns() });
    else await send('Fetch.disable');
  }

  /** The session a paused request is answered on: the child target's it paused in, or the page's. */
  private sendFor(target: ChildTarget | undefined): Send {
    return target ? this.session.targets.sender(target.sessionId) : this.session.send;
  }

  private end(): void {
    for (const off of this.offs) off();
    this.session.unpin(PIN);
    void showMockBadge(this.tabId, 0);
    this.ended(this);
  }

  /** Only on a page in scope: one outside it is not scripted at all. */
  private badge(): void {
    if (this.rules.length && isTabCaptured(this.tabId, tabInfo(this.tabId)?.url, settings()))
      void showMockBadge(this.tabId, this.rules.length);
  }

  /**
   * A document is judged by the URL it loads; anything else by the frame that asked for it, as the
   * browser reports that frame: a same-site iframe out of scope shares the tab's process and its Fetch.
   * A request of a service or shared worker is judged by the worker's script URL, as the browser reports it.
   */
  private async inScope(
    request: PausedRequest,
    frameId: string | undefined,
    target: ChildTarget | undefined,
  ): Promise<boolean> {
    const page =
      request.resourceType === 'Document'
        ? request.url
        : target && target.type !== 'iframe'
          ? target.url
          : frameId
            ? await frameUrl(this.sendFor(target), frameId)
            : undefined;
    return isTabCaptured(this.tabId, page, settings());
  }

  private async paused(params: EventParams, target?: ChildTarget): Promise<void> {
    const request: PausedRequest = {
      url: params.request.url,
      method: params.request.method,
      resourceType: params.resourceType ?? 'Other',
    };
    const requestId = params.requestId as string;
    const send = this.sendFor(target);
    const rule = (await this.inScope(request, params.frameId, target))
      ? this.rules.find((candidate) => !candidate.spent && candidate.matches(request))
      : undefined;
    if (!rule) return void send('Fetch.continueRequest', { requestId }).catch(() => undefined);
    const { mock } = rule;
    mock.hits++;
    if (mock.remaining !== undefined && --mock.remaining <= 0) rule.spent = true;
    mockHits.add(this.tabId, request.method, request.url, { ruleId: mock.id, action: mock.action });
    // Answered first: removing the last rule disables Fetch, which would let this request through.
    await this.apply(send, mock, requestId).catch(() => undefined);
    if (rule.spent) await this.remove(mock.id);
  }

  private async apply(send: Send, rule: MockRule, requestId: string): Promise<void> {
    if (rule.action === 'respond') {
      // The connector refuses these at rule creation; dropped here too, whoever sent the rule.
      const headers = Object.entries(rule.headers ?? {})
        .filter(([name]) => mockHeaderAllowed(name))
        .map(([name, value]) => ({ name, value }));
      if (!headers.some(({ name }) => name.toLowerCase() === 'content-type'))
        headers.push({ name: 'Content-Type', value: 'text/plain; charset=utf-8' });
      return void (await send('Fetch.fulfillRequest', {
        requestId,
        responseCode: rule.status ?? 200,
        responsePhrase: PHRASES[rule.status ?? 200] ?? 'Mocked',
        responseHeaders: headers,
        body: base64(rule.body ?? ''),
      }));
    }
    if (rule.action === 'fail' || rule.action === 'block') {
      const errorReason = rule.action === 'block' ? 'BlockedByClient' : (rule.error ?? 'Failed');
      return void (await send('Fetch.failRequest', { requestId, errorReason }));
    }
    await new Promise((resolve) => setTimeout(resolve, rule.delayMs ?? 0));
    await send('Fetch.continueRequest', { requestId });
  }
}
