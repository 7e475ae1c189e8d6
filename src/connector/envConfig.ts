import type { ConfigOverrides } from './config';

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
  if (origins) overrides.allowedOrigins = origins.split(',').map((origin) => origin.trim()).filter(Boolean);
  const dir = pick('screenshot-dir', 'BROWSER_DEBUG_SCREENSHOT_DIR');
  if (dir) overrides.screenshots = { dir };
  return overrides;
}

function parseFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) throw new Error(`Unexpected argument '${argv[i]}'. Try --port 3025, --host 127.0.0.1, --screenshot-dir DIR, --allowed-origins A,B.`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value.`);
    flags.set(match[1]!, value);
  }
  return flags;
}

function toPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`Invalid port '${value}': expected 0..65535.`);
  return port;
}
