import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LanToken {
  token: string;
  /** True when this start generated it: the one time it is printed. */
  created: boolean;
  /** Where it is kept; undefined when it came from `--token`. */
  file?: string;
}

/**
 * The bearer token for a connector bound beyond loopback: the given one (`--token`), or the one kept in
 * `file` (0600, in the user's config folder), generated there on first use.
 */
export function lanToken(given: string | undefined, file: string): LanToken {
  if (given) {
    if (given.length < 16) throw new Error('The connector token must be at least 16 characters long.');
    return { token: given, created: false };
  }
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 16) {
      chmodSync(file, 0o600);
      return { token: kept, created: false, file };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(24).toString('base64url');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, token + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, created: true, file };
}

/** What a person reads when the connector listens beyond loopback: who can reach what, and the token once. */
export function lanWarning(url: string, token: LanToken, filesRoots: readonly string[]): string[] {
  return [
    `WARNING: the connector listens on ${url}, reachable from your network.`,
    '  Anyone there with the token can drive your signed-in browser (click, type, navigate, run JavaScript),',
    `  read every captured console log, network request and screenshot, and upload files from ${filesRoots.join(', ') || '(no folder)'}.`,
    token.created
      ? `  Token (shown once; kept in ${token.file}): ${token.token}`
      : `  Callers send Authorization: Bearer <token>; the token is ${token.file ? `in ${token.file}` : 'the one given with --token'}.`,
    '  Bind to 127.0.0.1 (the default) unless you need this.',
  ];
}
