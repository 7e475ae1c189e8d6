import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { launcherSource } from './mcpLauncher';

/** What the stable folders record about the install they came from. */
interface InstallRecord {
  extensionPath: string;
  version: string;
}

/**
 * Paths that survive an update of this extension. VS Code installs each version in its own folder
 * (`…/browser-debug.browser-debug-0.1.0`) and removes the old one, so a path handed to Chrome or to an
 * MCP client must not point inside it. Both live in the extension's global storage instead:
 * - `browser-extension/`: a copy of the unpacked browser extension, refreshed when this version differs;
 * - `mcp-launcher.cjs` + `install.json`: a launcher that runs the current install's stdio bin.
 */
export class StableInstall {
  constructor(
    private readonly extensionPath: string,
    private readonly storageFolder: string,
    private readonly version: string,
  ) {}

  get browserExtensionFolder(): string {
    return join(this.storageFolder, 'browser-extension');
  }

  get launcherFile(): string {
    return join(this.storageFolder, 'mcp-launcher.cjs');
  }

  /** The browser extension's stable folder, copied from this install when missing or from another version. */
  async browserExtension(): Promise<string> {
    const target = this.browserExtensionFolder;
    const marker = join(target, '.browser-debug-install.json');
    if ((await readRecord(marker))?.extensionPath === this.extensionPath) return target;
    // Copy beside, then swap: Chrome never sees a half-written folder for long.
    const fresh = `${target}.new`;
    await rm(fresh, { recursive: true, force: true });
    await cp(join(this.extensionPath, 'dist', 'browser-extension'), fresh, { recursive: true });
    await writeFile(join(fresh, '.browser-debug-install.json'), JSON.stringify(this.record()));
    await rm(target, { recursive: true, force: true });
    await rename(fresh, target);
    return target;
  }

  /** The stable launcher for MCP clients (`node <launcher>`), with the record of this install beside it. */
  async mcpLauncher(): Promise<string> {
    await mkdir(this.storageFolder, { recursive: true });
    await writeIfChanged(join(this.storageFolder, 'install.json'), JSON.stringify(this.record(), null, 2));
    await writeIfChanged(this.launcherFile, launcherSource(installPrefix(this.extensionPath)));
    return this.launcherFile;
  }

  /**
   * After an update: refresh what an earlier version handed out (the copy Chrome loads, the launcher's
   * record). Creates nothing the user has not asked for.
   */
  async refresh(): Promise<void> {
    if (existsSync(this.browserExtensionFolder)) await this.browserExtension();
    if (existsSync(this.launcherFile)) await this.mcpLauncher();
  }

  private record(): InstallRecord {
    return { extensionPath: this.extensionPath, version: this.version };
  }
}

/** `browser-debug.browser-debug-` of `…/browser-debug.browser-debug-0.1.0`: how sibling versions are named. */
export function installPrefix(extensionPath: string): string {
  const name = basename(extensionPath);
  const match = /^(.*-)\d+\.\d+\.\d+.*$/.exec(name);
  return match ? match[1]! : name;
}

async function readRecord(file: string): Promise<InstallRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as InstallRecord;
  } catch {
    return undefined;
  }
}

async function writeIfChanged(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
