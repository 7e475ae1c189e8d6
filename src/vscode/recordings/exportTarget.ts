import { lstat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { resolvesInside } from '../../connector/recordings/export/exportFile';

/**
 * Checks where "Export as Test" is about to write, on disk: the folder, with symlinks resolved, is the
 * workspace folder or inside it (a `tests/` link to elsewhere is refused), and nothing is at the path yet,
 * not even a dangling link that a write would follow. Throws an error that says what to change.
 */
export async function checkExportTarget(workspaceFolder: string, path: string): Promise<void> {
  const folder = dirname(path);
  if (!(await resolvesInside([workspaceFolder], folder)))
    throw new Error(
      `${folder} resolves outside the workspace folder (a symbolic link): the test is not written there. Replace the link with a folder, or move the project's tests inside the workspace.`,
    );
  const taken = await lstat(path).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${path} already exists (or is a link): the test is not written over it.`);
}
