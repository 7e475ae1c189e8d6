import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PORT, MAX_FALLBACK_PORT } from '../../shared/identity';
import { DEFAULT_REDACTED_HEADERS } from '../capture/redaction';
import { DEFAULT_MOCK_IDLE_MS, type NetworkMockOptions } from '../networkMocks/mockOptions';
import { pairingsFile } from '../trust/pairingBook';
import { userSecretFile } from '../trust/userSecret';
import type { RecordingLimits } from '../recordings/recordingLibrary';
import { resolveRemoteConfig, type RemoteConfig, type RemoteOverrides } from '../remote/remoteConfig';

export interface BufferLimit {
  /** Most entries kept; the oldest go first. */
  maxEntries: number;
  /**
   * Most bytes held, counted as allocated: the chunks holding the entries' JSON text plus the index
   * columns. The oldest go first, a chunk (1/32 of the cap) at a time.
   */
  maxBytes: number;
}

export interface StoreLimits {
  consoleLogs: BufferLimit;
  consoleErrors: BufferLimit;
  networkSuccess: BufferLimit;
  networkErrors: BufferLimit;
  selectedElements: BufferLimit;
  pageLoads: BufferLimit;
  screenshots: BufferLimit;
  /** WebSocket opens, frames and closes the page hook captured. */
  websocketFrames: BufferLimit;
  /** Longest string field kept; longer ones are cut with a visible marker. */
  maxFieldChars: number;
}

export interface ScreenshotConfig {
  dir: string;
  maxFiles: number;
  maxBytes: number;
  timeoutMs: number;
}

/** Which origins' cookies the browser extension may hand over to an audit (see README "Audits"). */
export type CookieHandover = 'loopback' | 'all' | 'off';

export interface AuditConfig {
  /** Longest an audit request may take, waiting in the queue included. */
  timeoutMs: number;
  /** Full reports (JSON and HTML) go here; the oldest of ours go past `maxReports`. */
  reportDir: string;
  maxReports: number;
  /** A browser the user started with --remote-debugging-port, e.g. `http://127.0.0.1:9222` (browser choice 2). */
  debuggingEndpoint?: string;
  cookieHandover: CookieHandover;
}

/** Everything the connector needs, as a plain object: core code never reads settings itself. */
export interface ConnectorConfig {
  host: string;
  port: number;
  /** Highest port tried when the configured one is held by another program. */
  maxPort: number;
  limits: StoreLimits;
  screenshots: ScreenshotConfig;
  audits: AuditConfig;
  /** Recordings: one JSON file each in `dir`, capped by count and bytes. */
  recordings: RecordingLimits;
  /** Extra Origins allowed besides our extension, the connector itself and no Origin at all. */
  allowedOrigins: string[];
  /** Extension ids trusted besides ours (OUR_EXTENSION_ID), e.g. a store build's. */
  extensionIds: string[];
  /** Bearer token every non-loopback caller must send; needed to bind beyond loopback (see trust/lanToken). */
  token?: string;
  /** Where a generated token is kept (0600) when binding beyond loopback without `token`. */
  tokenFile: string;
  /** The per-user secret every local caller sends (trust/userSecret); created on first start. */
  secretFile: string;
  /** The browsers this user paired (trust/pairingBook), shared by all of the user's connectors. */
  pairingsFile: string;
  /**
   * Folders `upload_file` and `file:` script reads may use (symlinks resolved); none unless given.
   * `/` and the home folder are never used (see trust/fileRoots).
   */
  filesRoots: string[];
  /** Dot-folders, `.env*`, keys and credential files inside the roots pass too (trust/fileRoots rule 4). */
  allowSecretFiles: boolean;
  maxBodyBytes: number;
  /** `/extension-ws` frame cap: a full-page screenshot can be tens of MB. */
  maxFrameBytes: number;
  heartbeatMs: number;
  commandTimeoutMs: number;
  /** Header names whose values are stored as [redacted], besides those the secret pattern matches. */
  redactHeaders: string[];
  /** Keep bodies and WebSocket frames unredacted (local debugging only; the UI says when it is on). */
  fullBodies: boolean;
  /** Hybrid mode (see README "Hybrid mode"); off when absent. */
  remote?: RemoteConfig;
  /** Network mock rules end after this long without a mock call or a mocked request. */
  networkMocks: NetworkMockOptions;
  /** Every developer tab is shared with every agent (MCP session); off: only tabs the developer shares. */
  shareTabsWithAgents: boolean;
  /** Retention of the capture journal (when there is one): a day and 32 MB by default. */
  journal: JournalRetention;
}

export interface JournalRetention {
  maxAgeMs: number;
  maxBytes: number;
}

const MB = 1024 * 1024;

export function defaultConfig(): ConnectorConfig {
  return {
    host: '127.0.0.1',
    port: DEFAULT_PORT,
    maxPort: MAX_FALLBACK_PORT,
    // Sized for the VS Code extension host, which every other extension shares: 66 MB of captures
    // in all, real bytes (README "Store limits"; `npm run bench:memory` measures the process).
    limits: {
      consoleLogs: { maxEntries: 50_000, maxBytes: 20 * MB },
      consoleErrors: { maxEntries: 10_000, maxBytes: 8 * MB },
      networkSuccess: { maxEntries: 20_000, maxBytes: 24 * MB },
      networkErrors: { maxEntries: 10_000, maxBytes: 8 * MB },
      selectedElements: { maxEntries: 100, maxBytes: 4 * MB },
      pageLoads: { maxEntries: 1_000, maxBytes: 1 * MB },
      screenshots: { maxEntries: 1_000, maxBytes: 1 * MB },
      websocketFrames: { maxEntries: 20_000, maxBytes: 8 * MB },
      maxFieldChars: 32 * 1024,
    },
    screenshots: {
      dir: join(homedir(), 'browser-debug', 'screenshots'),
      maxFiles: 200,
      maxBytes: 500 * MB,
      timeoutMs: 15_000,
    },
    audits: {
      timeoutMs: 60_000,
      reportDir: join(homedir(), 'browser-debug', 'audits'),
      maxReports: 50,
      cookieHandover: 'loopback',
    },
    recordings: {
      dir: join(homedir(), 'browser-debug', 'recordings'),
      maxRecordings: 100,
      maxBytes: 50 * MB,
    },
    allowedOrigins: [],
    extensionIds: [],
    tokenFile: join(configHome(), 'browser-debug', 'lan-token'),
    secretFile: userSecretFile(),
    pairingsFile: pairingsFile(),
    filesRoots: [],
    allowSecretFiles: false,
    maxBodyBytes: 1 * MB,
    maxFrameBytes: 64 * MB,
    heartbeatMs: 20_000,
    commandTimeoutMs: 30_000,
    redactHeaders: [...DEFAULT_REDACTED_HEADERS],
    fullBodies: false,
    networkMocks: { idleMs: DEFAULT_MOCK_IDLE_MS },
    shareTabsWithAgents: false,
    journal: { maxAgeMs: 24 * 60 * 60 * 1000, maxBytes: 32 * MB },
  };
}

/** `$XDG_CONFIG_HOME`, else ~/.config (where the standalone connector keeps its LAN token). */
function configHome(): string {
  if (process.platform === 'win32' && process.env.APPDATA) return process.env.APPDATA;
  return process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
}

/** Per buffer, either cap may be given alone; the other keeps its default. */
export type LimitOverrides = {
  [K in keyof StoreLimits]?: StoreLimits[K] extends BufferLimit ? Partial<BufferLimit> : StoreLimits[K];
};

export type ConfigOverrides = Partial<
  Omit<ConnectorConfig, 'limits' | 'screenshots' | 'audits' | 'remote' | 'recordings' | 'networkMocks' | 'journal'>
> & {
  journal?: Partial<JournalRetention>;
  networkMocks?: Partial<NetworkMockOptions>;
  recordings?: Partial<RecordingLimits>;
  limits?: LimitOverrides;
  screenshots?: Partial<ScreenshotConfig>;
  audits?: Partial<AuditConfig>;
  remote?: RemoteOverrides;
};

export function resolveConfig(overrides: ConfigOverrides = {}): ConnectorConfig {
  const base = defaultConfig();
  const port = overrides.port ?? base.port;
  return {
    ...base,
    ...overrides,
    // A custom port gets the same ten-port fallback range as the default one.
    maxPort: overrides.maxPort ?? port + (MAX_FALLBACK_PORT - DEFAULT_PORT),
    limits: mergeLimits(base.limits, overrides.limits),
    screenshots: { ...base.screenshots, ...overrides.screenshots },
    audits: { ...base.audits, ...overrides.audits },
    recordings: { ...base.recordings, ...overrides.recordings },
    networkMocks: { ...base.networkMocks, ...overrides.networkMocks },
    journal: { ...base.journal, ...overrides.journal },
    remote: overrides.remote ? resolveRemoteConfig(overrides.remote) : undefined,
  };
}

function mergeLimits(base: StoreLimits, overrides: LimitOverrides = {}): StoreLimits {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? { ...current, ...value } : value;
  }
  return merged as unknown as StoreLimits;
}
