import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the connector writes of captured data (the journal, screenshots, recordings, HAR and test
 * exports, audit reports, traces) is readable by the user alone: folders 0700, files 0600. Folders and
 * files left by an earlier version are tightened when the connector starts (tightenFolder). On Windows
 * the modes are ignored; the user's profile folder already keeps other users out.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its missing parents) as 0700, and makes an existing one 0700. */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dir, PRIVATE_FOLDER_MODE);
}

export function privateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/** Writes a 0600 file (the mode applies to a new file; an existing one is set too). */
export async function writePrivateFile(
  path: string,
  data: string | Uint8Array,
  flag: string | number = 'w',
): Promise<void> {
  await writeFile(path, data, { mode: PRIVATE_FILE_MODE, flag });
  await chmod(path, PRIVATE_FILE_MODE);
}

/**
 * Makes an existing folder 0700 and the files in it that match `ours` 0600 (a folder the user chose may
 * hold their own files too); nothing when it does not exist. Answers how many modes it changed.
 */
export function tightenFolder(dir: string, ours: RegExp = /./): number {
  let changed = 0;
  const tighten = (path: string, mode: number) => {
    const info = statSync(path);
    if ((info.mode & 0o777) === mode) return;
    chmodSync(path, mode);
    changed++;
  };
  try {
    tighten(dir, PRIVATE_FOLDER_MODE);
  } catch {
    return 0;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isFile() && ours.test(entry.name)) tighten(join(dir, entry.name), PRIVATE_FILE_MODE);
  return changed;
}
