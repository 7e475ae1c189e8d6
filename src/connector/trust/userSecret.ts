import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The per-user secret every caller of a loopback connector sends (`Authorization: Bearer <secret>`).
 * It lives in the user's state folder, `$XDG_STATE_HOME/browser-debug/` (~/.local/state/browser-debug/),
 * folder 0700 and file 0600, so another account on the machine cannot read it. The CLI, the stdio MCP
 * bin and the VS Code extension all read the same file, so they agree without configuration.
 */
export function stateFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'browser-debug');
}

export function userSecretFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateFolder(env), 'secret');
}

/** Creates a private folder (0700), tightening one that exists. */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
}

/** The secret kept in `file`, created there (0600) on first use. */
export function userSecret(file: string = userSecretFile()): string {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  privateFolder(dirname(file));
  const secret = randomBytes(32).toString('base64url');
  // `wx` loses a race with another process creating it at the same moment: then read theirs.
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  return secret;
}

/** The header a local caller sends. */
export function secretHeaders(secret: string): Record<string, string> {
  return { authorization: `Bearer ${secret}` };
}

/** Constant-time comparison of two secrets. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
