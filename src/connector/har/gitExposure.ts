import { execFile } from 'node:child_process';
import { dirname } from 'node:path';

/**
 * Whether a file written at `path` would be one `git add .` from a commit: inside a git work tree and
 * not ignored (`git check-ignore`). Undefined when it is not in a work tree, or git is not there.
 */
export function gitExposed(path: string): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['check-ignore', '--quiet', path], { cwd: dirname(path), timeout: 5000 }, (error) => {
      if (!error) return resolve(false);
      // 1: not ignored, inside a work tree; 128: not a work tree; anything else: git is missing or failed.
      resolve((error as { code?: unknown }).code === 1 ? true : undefined);
    });
  });
}

/** The warning an answer carries when the file is exposed, or ''. */
export async function exposureWarning(path: string): Promise<string> {
  return (await gitExposed(path))
    ? ` Warning: ${path} is inside a git work tree and not git-ignored; add it to .gitignore or move it before you commit.`
    : '';
}
