import { constants, realpathSync, statSync } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, isAbsolute, parse, relative, sep } from 'node:path';

/**
 * Which files on this machine the connector may hand to a page (`upload_file`) or read for a page's
 * stack frames (`file:` scripts and their maps). The policy, in order:
 *
 * 1. Only regular files under a file root, real paths compared (a symlink that points out is refused).
 * 2. The roots are given by the host: the VS Code workspace folders, or for the standalone connector and
 *    the stdio bin each `--files-root` (BROWSER_DEBUG_FILES_ROOTS). There is no implicit root: an MCP
 *    client that starts us in `/` or `$HOME` gives no folder at all.
 * 3. A filesystem root (`/`, `C:\`) and the home folder itself are never roots, whoever names them.
 * 4. Inside a root, secrets are refused unless the user allows them (`browserDebug.files.allowSecrets`,
 *    `--files-allow-secrets`): key and credential files (`.env*`, `.npmrc`, `*.pem`, `id_*`...) and
 *    credential folders (`.ssh`, `.aws`, `.git`...) for every use, and any other dot-folder or dot-file
 *    for `upload_file` (a `file:` script may sit in a build folder such as `.next`).
 *
 * Core code gets the roots as a plain list; every refusal says what to do next.
 */
export type FileRootsSource = () => readonly string[];

export class FileAccessError extends Error {
  override name = 'FileAccessError';
}

/** How the user lets secrets through, for error messages. */
const ALLOW_SECRETS_HINT =
  'set browserDebug.files.allowSecrets in VS Code, or start the connector with --files-allow-secrets (BROWSER_DEBUG_FILES_ALLOW_SECRETS=1)';

const NO_ROOT_HINT =
  'open a folder in VS Code, or start the connector (npm start, browser-debug-mcp) with --files-root DIR or BROWSER_DEBUG_FILES_ROOTS=DIR';

/** `a, b` or a note that there is none, for error messages. */
export function describeRoots(roots: readonly string[]): string {
  const { usable } = vetRoots(roots);
  return usable.length ? usable.join(', ') : `(none: ${NO_ROOT_HINT})`;
}

/** Rule 3: the filesystem root and the home folder itself would expose everything. */
export function forbiddenRoot(path: string): string | undefined {
  if (parse(path).root === path) return `${path} is the filesystem root`;
  const homes = new Set([homedir()]);
  try {
    homes.add(realpathSync(homedir()));
  } catch {
    // A missing home folder cannot be a root anyway.
  }
  return homes.has(path) ? `${path} is your home folder` : undefined;
}

/** The real path of each root that may be used, and why each other one may not (rules 2-3). */
export function vetRoots(roots: readonly string[]): { usable: string[]; refused: string[] } {
  const usable: string[] = [];
  const refused: string[] = [];
  for (const root of roots) {
    let real: string;
    try {
      real = realpathSync(root);
    } catch {
      refused.push(`${root} does not exist`);
      continue;
    }
    const why = forbiddenRoot(real) ?? forbiddenRoot(root);
    if (why) refused.push(`${why}: never a file root; give a project folder instead`);
    else usable.push(real);
  }
  return { usable, refused };
}

const SECRET_FOLDERS = new Set([
  '.ssh',
  '.aws',
  '.git',
  '.gnupg',
  '.docker',
  '.kube',
  '.azure',
  '.gcloud',
  '.password-store',
]);
const SECRET_FILES = [
  /^\.env(\..*)?$/i,
  /^\.(npmrc|yarnrc|yarnrc\.yml|netrc|pypirc|pgpass|git-credentials|htpasswd|dockercfg)$/i,
  /\.(pem|key|p12|pfx|jks|keystore|kdbx|asc|gpg)$/i,
  /^id_[a-z0-9]+(\.pub)?$/i,
  /^(credentials|secrets?)(\.[a-z]+)?$/i,
];

/** Rule 4: the first part of `rel` (a path relative to its root) that makes it a secret, if any. */
export function secretPart(rel: string, strict: boolean): string | undefined {
  const parts = rel.split(/[\\/]/).filter(Boolean);
  return parts.find((part, index) => {
    if (SECRET_FOLDERS.has(part.toLowerCase())) return true;
    if (index === parts.length - 1 && SECRET_FILES.some((pattern) => pattern.test(part))) return true;
    return strict && part.startsWith('.');
  });
}

function under(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

export interface FilePolicy {
  /** Key files and credential or dot folders inside a root pass too (rule 4). */
  allowSecrets?: boolean;
}

/** The root holding `real` and the secret part of the path, if any; undefined when no root holds it. */
function judge(
  requested: string,
  real: string,
  allowed: readonly string[],
  strict: boolean,
): { secret?: string } | undefined {
  const root = allowed.find((candidate) => under(real, candidate));
  if (root === undefined) return undefined;
  return { secret: secretPart(relative(root, real), strict) ?? secretPart(basename(requested), strict) };
}

/**
 * The real path of each given path, for `upload_file`; throws a FileAccessError that says what to do
 * when there is no root, when one is not a regular file under them (after resolving symlinks), is a
 * secret (rule 4), or does not exist.
 */
export function checkUploadPaths(
  paths: readonly string[],
  roots: readonly string[],
  policy: FilePolicy = {},
): string[] {
  const { usable: allowed, refused: badRoots } = vetRoots(roots);
  if (!allowed.length)
    throw new FileAccessError(
      `upload_file has no folder to read from${badRoots.length ? ` (${badRoots.join('; ')})` : ''}: ${NO_ROOT_HINT}.`,
    );
  const refused: string[] = [];
  const secrets: string[] = [];
  const missing: string[] = [];
  const real = paths.map((path) => {
    if (!isAbsolute(path)) return (void missing.push(path), path);
    let resolved: string;
    try {
      resolved = realpathSync(path);
    } catch {
      return (void missing.push(path), path);
    }
    const verdict = judge(path, resolved, allowed, true);
    if (!verdict) refused.push(path);
    else if (verdict.secret && !policy.allowSecrets) secrets.push(`${path} (${verdict.secret})`);
    else if (!statSync(resolved).isFile()) missing.push(path);
    return resolved;
  });
  if (refused.length)
    throw new FileAccessError(
      `Not inside the allowed folders: ${refused.join(', ')}. upload_file reads only files under ${allowed.join(', ')} (symlinks resolved); copy the file there first.`,
    );
  if (secrets.length)
    throw new FileAccessError(
      `Refused as possible secrets: ${secrets.join(', ')}. upload_file does not read dot-folders, dot-files or key and credential files inside the roots; to allow them, ${ALLOW_SECRETS_HINT}.`,
    );
  if (missing.length)
    throw new FileAccessError(
      `No such file on this machine: ${missing.join(', ')}. Give absolute paths of existing files under ${allowed.join(', ')}.`,
    );
  return real;
}

export interface ReadCaps {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * A text file under `roots` (rules 1, 3 and 4, dot-folders allowed), read in a stream within a byte cap and a deadline. Refuses
 * anything but a regular file: /dev/zero, a FIFO or /dev/tty never hang or fill memory (opened
 * non-blocking, checked again on the open descriptor).
 */
export async function readRootedFile(
  path: string,
  roots: readonly string[],
  caps: ReadCaps,
  policy: FilePolicy = {},
): Promise<string> {
  const real = await realpath(path);
  const verdict = judge(path, real, vetRoots(roots).usable, false);
  if (!verdict)
    throw new FileAccessError(`${path} is outside the folders the connector reads (${describeRoots(roots)}).`);
  if (verdict.secret && !policy.allowSecrets)
    throw new FileAccessError(
      `${path} looks like a secret (${verdict.secret}) and is not read; to allow it, ${ALLOW_SECRETS_HINT}.`,
    );
  const before = await stat(real);
  if (!before.isFile()) throw new FileAccessError(`${path} is not a regular file.`);
  if (before.size > caps.maxBytes) throw new FileAccessError(`${path} is larger than ${caps.maxBytes} bytes.`);
  const handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== before.ino || opened.dev !== before.dev)
      throw new FileAccessError(`${path} changed while it was opened.`);
    return await readStream(handle, path, caps);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function readStream(
  handle: import('node:fs/promises').FileHandle,
  path: string,
  caps: ReadCaps,
): Promise<string> {
  const deadline = Date.now() + caps.timeoutMs;
  const chunks: Buffer[] = [];
  let size = 0;
  const buffer = Buffer.alloc(64 * 1024);
  for (;;) {
    if (Date.now() > deadline) throw new FileAccessError(`Reading ${path} took longer than ${caps.timeoutMs} ms.`);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    size += bytesRead;
    if (size > caps.maxBytes) throw new FileAccessError(`${path} is larger than ${caps.maxBytes} bytes.`);
    chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
