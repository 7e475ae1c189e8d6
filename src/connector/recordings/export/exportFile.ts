import { constants } from 'node:fs';
import { mkdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ApiError } from '../../../shared/errors';
import { withTestSuffix, type RecordingExport } from '../../../shared/recordingExport';
import { writePrivateFile } from '../../trust/privateFiles';

/**
 * Writes an export where the caller asked, only inside the files roots (the workspace folders in VS Code,
 * the working folder and --files-root standalone), symlinks resolved, never over an existing file.
 * A folder (existing, or ending in /) gets the export's own file name; a file name gets the format's
 * test suffix when it lacks it (withTestSuffix).
 */
export async function writeExport(
  requested: string,
  exported: Pick<RecordingExport, 'fileName' | 'format' | 'text'>,
  roots: readonly string[],
): Promise<string> {
  const { fileName, format, text } = exported;
  const base = roots[0] ?? process.cwd();
  let path = isAbsolute(requested) ? resolve(requested) : resolve(base, requested);
  const folder =
    /[\\/]$/.test(requested) ||
    (await stat(path).then(
      (info) => info.isDirectory(),
      () => false,
    ));
  path = folder ? join(path, fileName) : join(dirname(path), withTestSuffix(basename(path), format));
  if (!roots.some((root) => inside(resolve(root), path)) || !(await resolvesInside(roots, dirname(path))))
    throw new ApiError(
      'INVALID_PARAMETER',
      `Cannot write '${path}': exports are written only inside ${roots.join(', ')}. Give a path there, or omit 'path' to get the text.`,
      { parameter: 'path' },
    );
  await mkdir(dirname(path), { recursive: true });
  try {
    await writePrivateFile(path, text, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new ApiError(
        'INVALID_PARAMETER',
        `'${path}' already exists: give another path (it is never overwritten).`,
        {
          parameter: 'path',
        },
      );
    throw error;
  }
  return path;
}

/** The nearest folder of `folder` that exists, with symlinks resolved, is a root or inside one. */
export async function resolvesInside(roots: readonly string[], folder: string): Promise<boolean> {
  let existing = folder;
  while (
    !(await stat(existing).then(
      () => true,
      () => false,
    ))
  )
    existing = dirname(existing);
  const real = await realpath(existing);
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => resolve(root))));
  return realRoots.some((root) => root === real || inside(root, real));
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
