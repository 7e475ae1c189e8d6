import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface FolderCap {
  maxFiles: number;
  maxBytes: number;
}

/**
 * Removes the oldest files whose whole name matches `ours` in `dir` until at most `cap` remain (the newest
 * always stays). Only names we generate match: the folder may be one the user shares.
 */
export async function pruneOldest(dir: string, ours: RegExp, cap: FolderCap): Promise<void> {
  const names = (await readdir(dir)).filter((name) => ours.test(name));
  const files = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const info = await stat(path);
      return { path, size: info.size, mtime: info.mtimeMs, name };
    }),
  );
  files.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
  let total = files.reduce((sum, file) => sum + file.size, 0);
  let count = files.length;
  for (const file of files) {
    if (count <= 1 || (count <= cap.maxFiles && total <= cap.maxBytes)) break;
    await unlink(file.path);
    count--;
    total -= file.size;
  }
}
