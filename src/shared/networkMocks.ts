/**
 * Network mocks: rules the browser extension applies to a tab's requests through the DevTools
 * protocol's Fetch domain. Shared by the connector (HTTP, MCP), the extension and the VS Code views.
 */
export const MOCK_ACTIONS = ['respond', 'fail', 'block', 'delay'] as const;
export type MockAction = (typeof MOCK_ACTIONS)[number];

/** Network errors `fail` may raise: the DevTools protocol's Network.ErrorReason values a page can see. */
export const MOCK_FAIL_REASONS = [
  'Failed',
  'Aborted',
  'TimedOut',
  'AccessDenied',
  'ConnectionClosed',
  'ConnectionReset',
  'ConnectionRefused',
  'NameNotResolved',
  'InternetDisconnected',
] as const;

/** Resource types a rule may be limited to (the DevTools protocol's Network.ResourceType, lower case). */
export const MOCK_RESOURCE_TYPES = [
  'document',
  'stylesheet',
  'image',
  'media',
  'font',
  'script',
  'xhr',
  'fetch',
  'other',
] as const;

export const MOCK_DELAY_MAX_MS = 120_000;
export const MOCK_BODY_MAX_CHARS = 1_000_000;
/** Rules in force at once, all tabs together. */
export const MOCK_RULES_MAX = 50;

/**
 * Response headers a mock may not set: a mocked answer must not plant or wipe the state of an origin
 * (cookies, storage, caches) for every site the tab requests. Lower case.
 */
export const MOCK_FORBIDDEN_HEADERS = ['set-cookie', 'set-cookie2', 'clear-site-data'] as const;

/** Whether a mock may set this response header (MOCK_FORBIDDEN_HEADERS). */
export function mockHeaderAllowed(name: string): boolean {
  return !(MOCK_FORBIDDEN_HEADERS as readonly string[]).includes(name.trim().toLowerCase());
}

/** A rule as the caller gives it (validated by networkMockSchema's mockRuleSchema). */
export interface MockRule {
  url?: string;
  urlPattern?: string;
  method?: string;
  resourceType?: (typeof MOCK_RESOURCE_TYPES)[number];
  action: MockAction;
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  error?: (typeof MOCK_FAIL_REASONS)[number];
  delayMs?: number;
  times?: number;
}

/** A rule in force: where, since when, and how often it applied. */
export interface NetworkMock extends MockRule {
  id: string;
  tabId: number;
  createdAt: number;
  hits: number;
  /** Applications left when the rule has `times`. */
  remaining?: number;
}

/** What a mocked request's capture carries: which rule answered it. */
export interface MockedMark {
  ruleId: string;
  action: MockAction;
}

/** One line for lists and the status bar, e.g. `respond 503 POST *\/api/order*`. */
export function describeMock(rule: MockRule): string {
  const what =
    rule.action === 'respond'
      ? `respond ${rule.status ?? 200}`
      : rule.action === 'fail'
        ? `fail ${rule.error ?? 'Failed'}`
        : rule.action === 'delay'
          ? `delay ${rule.delayMs} ms`
          : 'block';
  const method = rule.method ? `${rule.method.toUpperCase()} ` : '';
  const type = rule.resourceType ? ` (${rule.resourceType})` : '';
  return `${what} ${method}${rule.url ?? rule.urlPattern}${type}`;
}
