import { constants, realpathSync, statSync } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

/**
 * Which files on this machine the connector may hand to a page (`upload_file`) or read for a page's
 * stack frames (`file:` scripts and their maps): regular files under the file roots, symlinks resolved.
 * The roots are decided by the host: the VS Code workspace folders, or for the standalone connector its
 * working folder plus each `--files-root`. Core code gets them as a plain list.
 */
export type FileRootsSource = () => readonly string[];

export class FileAccessError extends Error {
  override name = 'FileAccessError';
}

/** `a, b` or a note that there is none, for error messages. */
export function describeRoots(roots: readonly string[]): string {
  return roots.length
    ? roots.join(', ')
    : '(none: open a folder in VS Code, or start the connector with --files-root DIR)';
}

function under(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

function realRoots(roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    try {
      return [realpathSync(root)];
    } catch {
      return [];
    }
  });
}

/**
 * The real path of each given path, for `upload_file`; throws a FileAccessError naming the allowed roots
 * when one is not a regular file under them (after resolving symlinks) or does not exist.
 */
export function checkUploadPaths(paths: readonly string[], roots: readonly string[]): string[] {
  const allowed = realRoots(roots);
  const refused: string[] = [];
  const missing: string[] = [];
  const real = paths.map((path) => {
    if (!isAbsolute(path)) return (void missing.push(path), path);
    let resolved: string;
    try {
      resolved = realpathSync(path);
    } catch {
      return (void missing.push(path), path);
    }
    if (!allowed.some((root) => under(resolved, root))) refused.push(path);
    else if (!statSync(resolved).isFile()) missing.push(path);
    return resolved;
  });
  if (refused.length)
    throw new FileAccessError(
      `Not inside the allowed folders: ${refused.join(', ')}. upload_file reads only files under ${describeRoots(roots)} (symlinks resolved); copy the file there first.`,
    );
  if (missing.length)
    throw new FileAccessError(
      `No such file on this machine: ${missing.join(', ')}. Give absolute paths of existing files under ${describeRoots(roots)}.`,
    );
  return real;
}

export interface ReadCaps {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * A text file under `roots` (or `extraRoots`), read in a stream within a byte cap and a deadline. Refuses
 * anything but a regular file: /dev/zero, a FIFO or /dev/tty never hang or fill memory (opened
 * non-blocking, checked again on the open descriptor).
 */
export async function readRootedFile(path: string, roots: readonly string[], caps: ReadCaps): Promise<string> {
  const real = await realpath(path);
  const allowed = realRoots(roots);
  if (!allowed.some((root) => under(real, root)))
    throw new FileAccessError(`${path} is outside the folders the connector reads (${describeRoots(roots)}).`);
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
