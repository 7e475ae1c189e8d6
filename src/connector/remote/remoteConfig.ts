import { homedir } from 'node:os';
import { join } from 'node:path';

import {
  DEFAULT_REMOTE_COMMANDS,
  EDGE_SESSION_ID,
  LOOPBACK_HOSTS,
  REMOTE_COMMANDS,
  type RemoteCommandName,
} from '../../shared/remote';

export type { RemoteCommandName };

/** Hybrid mode: captures of the chosen origins also go to an edge deployment. */
export interface RemoteConfig {
  /** https://… of the edge deployment (http only for loopback, e.g. `wrangler dev`). */
  url: string;
  /** Needed only until this connector's key pair is enrolled. */
  apiKey?: string;
  /** Pages whose captures may leave the machine, e.g. `https://app.example.com`, `http://localhost:*`. Empty: nothing is shared. */
  origins: string[];
  /** The edge session to write to; by default one kept in the identity file, so readers keep their link. */
  sessionId?: string;
  /** Where the key pair and session id are kept (mode 0600). */
  identityFile: string;
  commands: RemoteCommandName[];
}

export type RemoteOverrides = Partial<RemoteConfig> & { url: string };

export function resolveRemoteConfig(overrides: RemoteOverrides): RemoteConfig {
  const url = checkedUrl(overrides.url);
  const commands = overrides.commands ?? [...DEFAULT_REMOTE_COMMANDS];
  const unknown = commands.filter((name) => !REMOTE_COMMANDS.includes(name));
  if (unknown.length)
    throw new Error(`Unknown remote command '${unknown[0]}': expected some of ${REMOTE_COMMANDS.join(', ')}.`);
  for (const origin of overrides.origins ?? []) checkedOrigin(origin);
  if (overrides.sessionId && !EDGE_SESSION_ID.test(overrides.sessionId)) {
    throw new Error(
      `Invalid remote session id '${overrides.sessionId}': 8 to 128 characters of A–Z, a–z, 0–9, _ and -; or leave it empty for the one kept for this machine.`,
    );
  }
  return {
    url,
    apiKey: overrides.apiKey || undefined,
    origins: overrides.origins ?? [],
    sessionId: overrides.sessionId || undefined,
    identityFile: overrides.identityFile ?? join(homedir(), 'browser-debug', 'remote-identity.json'),
    commands,
  };
}

function checkedUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid remote URL '${value}': expected https://your-edge.example.com.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new Error(
      `Invalid remote URL '${value}': captures leave the machine, so it must be https:// (http:// only for loopback).`,
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function checkedOrigin(origin: string): void {
  if (!/^https?:\/\/(\*\.)?[^/:*]+(:(\d+|\*))?\/?$/.test(origin.trim())) {
    throw new Error(
      `Invalid shared origin '${origin}': expected e.g. https://app.example.com, https://*.example.com or http://localhost:*.`,
    );
  }
}
