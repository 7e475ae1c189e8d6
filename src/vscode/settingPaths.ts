import { homedir } from 'node:os';
import { isAbsolute, join, normalize } from 'node:path';

/** The workspace as path settings see it: its folders on disk, by name. */
export interface PathContext {
  folders: readonly { name: string; path: string }[];
  home?: string;
}

/**
 * A path setting as the user wrote it, made absolute the way VS Code's own settings read:
 * `${workspaceFolder}` (the first folder), `${workspaceFolder:name}`, `${userHome}` and a leading `~`;
 * a relative path is under the first workspace folder. Empty stays empty (the setting's default).
 * Undefined when it names a folder this window does not have: the caller says so and uses the default.
 */
export function expandPathSetting(value: string, context: PathContext): string | undefined {
  const text = value.trim();
  if (!text) return '';
  const home = context.home ?? homedir();
  const first = context.folders[0]?.path;
  let missing = false;
  const expanded = text
    .replace(/^~(?=$|[/\\])/, home)
    .replace(/\$\{userHome\}/g, home)
    .replace(/\$\{workspaceFolder(?::([^}]+))?\}/g, (_match, name: string | undefined) => {
      const folder = name === undefined ? first : context.folders.find((entry) => entry.name === name)?.path;
      if (folder === undefined) missing = true;
      return folder ?? '';
    });
  if (missing) return undefined;
  if (isAbsolute(expanded)) return normalize(expanded);
  return first === undefined ? undefined : join(first, expanded);
}
