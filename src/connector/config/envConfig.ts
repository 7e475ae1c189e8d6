import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT } from '../../shared/identity';
import type { ConfigOverrides } from './config';
import { EXTENSION_ID_PATTERN } from '../trust/extensionIds';
import type { RemoteCommandName, RemoteOverrides } from '../remote/remoteConfig';

/** Settings for the standalone connector, from flags (`--port 3030`) and `BROWSER_DEBUG_*` variables; flags win. */
export function configFromEnvironment(env: NodeJS.ProcessEnv, argv: readonly string[]): ConfigOverrides {
  const flags = parseFlags(argv);
  const pick = (flag: string, variable: string) => flags.get(flag) ?? env[variable];
  const overrides: ConfigOverrides = {};
  const port = pick('port', 'BROWSER_DEBUG_PORT');
  if (port !== undefined) overrides.port = toPort(port);
  const host = pick('host', 'BROWSER_DEBUG_HOST');
  if (host) overrides.host = host;
  const origins = pick('allowed-origins', 'BROWSER_DEBUG_ALLOWED_ORIGINS');
  if (origins)
    overrides.allowedOrigins = origins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
  Object.assign(overrides, trustOverrides(pick));
  const dir = pick('screenshot-dir', 'BROWSER_DEBUG_SCREENSHOT_DIR');
  if (dir) overrides.screenshots = { dir };
  const audits = auditOverrides(pick);
  if (Object.keys(audits).length) overrides.audits = audits;
  const idle = pick('mock-idle-minutes', 'BROWSER_DEBUG_MOCK_IDLE_MINUTES');
  if (idle !== undefined) {
    if (!/^\d+$/.test(idle) || Number(idle) < 1)
      throw new Error(`Invalid network mock idle time '${idle}': expected whole minutes, at least 1.`);
    overrides.networkMocks = { idleMs: Number(idle) * 60_000 };
  }
  const journal = journalRetention(pick);
  if (journal) overrides.journal = journal;
  const remote = remoteOverrides(pick, env);
  if (remote) overrides.remote = remote;
  return overrides;
}

/**
 * The standalone connector's capture journal: `--journal FILE` or BROWSER_DEBUG_JOURNAL, `off` for
 * none; by default (except on --port 0) one file per port in the user's state folder,
 * `$XDG_STATE_HOME/browser-debug/journal` (~/.local/state/...): one connector owns a port at a time, so no two
 * processes write one file.
 */
export function journalFromEnvironment(env: NodeJS.ProcessEnv, argv: readonly string[]): string | undefined {
  const flags = parseFlags(argv);
  const value = flags.get('journal') ?? env.BROWSER_DEBUG_JOURNAL;
  if (value === 'off') return undefined;
  if (value) return value;
  const port = flags.get('port') ?? env.BROWSER_DEBUG_PORT ?? String(DEFAULT_PORT);
  // Port 0 is any free port: a restart gets another one, and parallel instances would share a file.
  if (Number(port) === 0) return undefined;
  const state = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(state, 'browser-debug', 'journal', `connector-${port}.jsonl`);
}

/** `--journal-max-age-hours 24`, `--journal-max-mb 32` (or BROWSER_DEBUG_JOURNAL_MAX_AGE_HOURS / _MAX_MB). */
function journalRetention(pick: (flag: string, variable: string) => string | undefined): ConfigOverrides['journal'] {
  const hours = pick('journal-max-age-hours', 'BROWSER_DEBUG_JOURNAL_MAX_AGE_HOURS');
  const mb = pick('journal-max-mb', 'BROWSER_DEBUG_JOURNAL_MAX_MB');
  if (hours === undefined && mb === undefined) return undefined;
  const journal: NonNullable<ConfigOverrides['journal']> = {};
  if (hours !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(hours) || Number(hours) <= 0)
      throw new Error(`Invalid journal age '${hours}': expected hours, more than 0 (e.g. 24 or 0.5).`);
    journal.maxAgeMs = Number(hours) * 3_600_000;
  }
  if (mb !== undefined) {
    if (!/^\d+$/.test(mb) || Number(mb) < 1)
      throw new Error(`Invalid journal size '${mb}': expected whole MB, at least 1.`);
    journal.maxBytes = Number(mb) * 1024 * 1024;
  }
  return journal;
}

/** Hybrid mode; the API key comes only from the environment, so it stays out of `ps` listings. */
function remoteOverrides(
  pick: (flag: string, variable: string) => string | undefined,
  env: NodeJS.ProcessEnv,
): RemoteOverrides | undefined {
  const url = pick('remote-url', 'BROWSER_DEBUG_REMOTE_URL');
  if (!url) return undefined;
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const remote: RemoteOverrides = { url, origins: list(pick('remote-origins', 'BROWSER_DEBUG_REMOTE_ORIGINS')) ?? [] };
  if (env.BROWSER_DEBUG_REMOTE_API_KEY) remote.apiKey = env.BROWSER_DEBUG_REMOTE_API_KEY;
  const session = pick('remote-session', 'BROWSER_DEBUG_REMOTE_SESSION');
  if (session) remote.sessionId = session;
  const commands = list(pick('remote-commands', 'BROWSER_DEBUG_REMOTE_COMMANDS'));
  if (commands) remote.commands = commands as RemoteCommandName[];
  const identity = pick('remote-identity', 'BROWSER_DEBUG_REMOTE_IDENTITY');
  if (identity) remote.identityFile = identity;
  return remote;
}

/**
 * Token, extra extension ids and file roots (docs/security.md). Only the roots given are used: an MCP
 * client may start us in `/` or the home folder, so the working folder is never an implicit root.
 */
function trustOverrides(pick: (flag: string, variable: string) => string | undefined): ConfigOverrides {
  const overrides: ConfigOverrides = {};
  const token = pick('token', 'BROWSER_DEBUG_TOKEN');
  if (token) overrides.token = token;
  const ids = pick('extension-ids', 'BROWSER_DEBUG_EXTENSION_IDS');
  if (ids) {
    const list = ids
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    const bad = list.filter((id) => !EXTENSION_ID_PATTERN.test(id));
    if (bad.length) throw new Error(`Invalid extension id '${bad.join(', ')}': expected 32 letters a-p.`);
    overrides.extensionIds = list;
  }
  const roots = pick('files-root', 'BROWSER_DEBUG_FILES_ROOTS');
  if (roots)
    overrides.filesRoots = roots
      .split(delimiter)
      .filter(Boolean)
      .map((root) => resolve(root));
  const full = pick('full-bodies', 'BROWSER_DEBUG_FULL_BODIES');
  if (full !== undefined) overrides.fullBodies = toBoolean('full-bodies', full);
  const secrets = pick('files-allow-secrets', 'BROWSER_DEBUG_FILES_ALLOW_SECRETS');
  if (secrets !== undefined) overrides.allowSecretFiles = toBoolean('files-allow-secrets', secrets);
  return overrides;
}

function auditOverrides(
  pick: (flag: string, variable: string) => string | undefined,
): NonNullable<ConfigOverrides['audits']> {
  const audits: NonNullable<ConfigOverrides['audits']> = {};
  const timeout = pick('audit-timeout', 'BROWSER_DEBUG_AUDIT_TIMEOUT_MS');
  if (timeout !== undefined) {
    if (!/^\d+$/.test(timeout) || Number(timeout) < 1000)
      throw new Error(`Invalid audit timeout '${timeout}': expected milliseconds, at least 1000.`);
    audits.timeoutMs = Number(timeout);
  }
  const endpoint = pick('audit-endpoint', 'BROWSER_DEBUG_AUDIT_ENDPOINT');
  if (endpoint) audits.debuggingEndpoint = endpoint;
  const cookies = pick('audit-cookies', 'BROWSER_DEBUG_AUDIT_COOKIES');
  if (cookies !== undefined) {
    if (cookies !== 'loopback' && cookies !== 'all' && cookies !== 'off')
      throw new Error(`Invalid audit cookie hand-over '${cookies}': expected loopback, all or off.`);
    audits.cookieHandover = cookies;
  }
  const dir = pick('audit-dir', 'BROWSER_DEBUG_AUDIT_DIR');
  if (dir) audits.reportDir = dir;
  return audits;
}

const FLAGS = [
  'port',
  'host',
  'screenshot-dir',
  'allowed-origins',
  'audit-endpoint',
  'audit-cookies',
  'audit-timeout',
  'audit-dir',
  'remote-url',
  'remote-origins',
  'remote-session',
  'remote-commands',
  'remote-identity',
  'token',
  'extension-ids',
  'files-root',
  'files-allow-secrets',
  'full-bodies',
  'journal',
  'journal-max-age-hours',
  'journal-max-mb',
  'mock-idle-minutes',
];
const USAGE =
  'Try --port 3025, --host 127.0.0.1, --screenshot-dir DIR, --allowed-origins A,B, --audit-endpoint http://127.0.0.1:9222, --audit-cookies loopback|all|off, --audit-timeout 60000, --audit-dir DIR, --remote-url https://EDGE, --remote-origins A,B, --remote-session ID, --remote-commands screenshot,tabs, --remote-identity FILE, --token T (BROWSER_DEBUG_TOKEN), --extension-ids ID,ID, --files-root DIR (repeatable), --files-allow-secrets, --full-bodies, --journal FILE|off, --journal-max-age-hours 24, --journal-max-mb 32, --mock-idle-minutes 30 (the API key: BROWSER_DEBUG_REMOTE_API_KEY).';

/** Flags that need no value: `--files-allow-secrets` alone means true. */
const SWITCHES = ['files-allow-secrets', 'full-bodies'];

const OPTIONS = Object.fromEntries(
  FLAGS.map((flag) => [flag, { type: 'string' as const, multiple: flag === 'files-root' }]),
);

/** util.parseArgs's error, in this connector's words: what was wrong, then the flags there are. */
function flagError(error: Error & { code?: string }): Error {
  const quoted = /'([^' ]+)/.exec(error.message)?.[1];
  const flag = quoted?.startsWith('-') ? quoted : undefined;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new Error(`Unknown flag ${flag}. ${USAGE}`);
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new Error(`Unexpected argument '${quoted}'. ${USAGE}`);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new Error(`${flag ?? 'A flag'} needs a value.`);
  return error;
}

/**
 * Flags through util.parseArgs, strictly: unknown flags are errors, since a typo such as
 * --remote-orgins would otherwise quietly share nothing. --files-root may be given several times;
 * the others take the last value.
 */
function parseFlags(argv: readonly string[]): Map<string, string> {
  let values: Record<string, string | string[] | undefined>;
  try {
    // A switch alone means true; `--files-allow-secrets=false` still says otherwise.
    const args = argv.map((arg) => (SWITCHES.includes(arg.slice(2)) && arg.startsWith('--') ? `${arg}=true` : arg));
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw flagError(error as Error);
  }
  const flags = new Map<string, string>();
  for (const [flag, value] of Object.entries(values))
    if (value !== undefined) flags.set(flag, Array.isArray(value) ? value.join(delimiter) : value);
  return flags;
}

function toPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`Invalid port '${value}': expected 0..65535.`);
  return port;
}

function toBoolean(name: string, value: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off|)$/i.test(value)) return false;
  throw new Error(`Invalid --${name} '${value}': expected true or false.`);
}
