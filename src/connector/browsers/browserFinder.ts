import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The browsers `browserDebug.launch.browser` names; any other value is a path to an executable. */
export const BROWSER_KINDS = ['chrome', 'chrome-beta', 'chrome-canary', 'edge', 'brave', 'chromium'] as const;
export type BrowserKind = (typeof BROWSER_KINDS)[number];

const NAMES: Record<BrowserKind, string> = {
  chrome: 'Google Chrome',
  'chrome-beta': 'Google Chrome Beta',
  'chrome-canary': 'Google Chrome Canary',
  edge: 'Microsoft Edge',
  brave: 'Brave',
  chromium: 'Chromium',
};

/** With no preference: CHROME_PATH, then this order. */
const AUTO_ORDER: readonly BrowserKind[] = ['chrome', 'chromium', 'edge', 'brave', 'chrome-beta', 'chrome-canary'];

export interface FoundBrowser {
  path: string;
  /** What it is; `path` when the setting named an executable. */
  kind: BrowserKind | 'path';
  name: string;
}

/** No browser matched: the message says what was looked for and what to set. */
export class BrowserNotFoundError extends Error {}

/** Where installations come from; tests pass their own. */
export interface BrowserSources {
  /** Chrome and Chromium installations (chrome-launcher's `Launcher.getInstallations()`). */
  chromeInstallations(): Promise<string[]>;
  /** Edge by channel (edge-paths); a missing channel is left out. */
  edgeInstallations(): Promise<string[]>;
  exists(path: string): boolean;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** What a Chrome-family path is, from its name (chrome-launcher lists every channel without saying which). */
export function kindOfPath(path: string): BrowserKind {
  const name = path.toLowerCase();
  if (name.includes('edge')) return 'edge';
  if (name.includes('brave')) return 'brave';
  if (name.includes('canary') || name.includes('unstable') || name.includes('chrome-dev')) return 'chrome-canary';
  if (name.includes('beta')) return 'chrome-beta';
  if (name.includes('chromium')) return 'chromium';
  return 'chrome';
}

/** Brave's usual install locations (neither chrome-launcher nor edge-paths knows it). */
export function bravePaths(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform === 'darwin') return ['/Applications/Brave Browser.app/Contents/MacOS/Brave Browser'];
  if (platform === 'win32')
    return [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]
      .filter((root): root is string => Boolean(root))
      .map((root) => join(root, 'BraveSoftware', 'Brave-Browser', 'Application', 'brave.exe'));
  return ['/usr/bin/brave-browser', '/usr/bin/brave', '/opt/brave.com/brave/brave', '/snap/bin/brave'];
}

/**
 * Debian's /usr/bin/chromium is a wrapper script that adds an empty --load-extension= and prints a shell
 * warning; its binary takes our flags as they are.
 */
function unwrapped(path: string, exists: (path: string) => boolean): string {
  return path === '/usr/bin/chromium' && exists('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : path;
}

/** Every Chrome-family browser on this machine, de-duplicated, each with its kind. */
export async function listBrowsers(sources: BrowserSources = defaultSources()): Promise<FoundBrowser[]> {
  const [chrome, edge] = await Promise.all([
    sources.chromeInstallations().catch(() => []),
    sources.edgeInstallations().catch(() => []),
  ]);
  const paths = [
    ...chrome.map((path) => unwrapped(path, sources.exists)),
    ...edge,
    ...bravePaths(sources.env, sources.platform),
  ];
  const seen = new Set<string>();
  const found: FoundBrowser[] = [];
  for (const path of paths) {
    if (seen.has(path) || !sources.exists(path)) continue;
    seen.add(path);
    const kind = kindOfPath(path);
    found.push({ path, kind, name: NAMES[kind] });
  }
  return found;
}

/**
 * The browser to start: `preference` is a kind, a path, or empty (CHROME_PATH, then Chrome, Chromium, Edge,
 * Brave, Beta, Canary). Throws BrowserNotFoundError saying what was looked for.
 */
export async function findBrowser(
  preference: string,
  sources: BrowserSources = defaultSources(),
): Promise<FoundBrowser> {
  const wanted = preference.trim();
  if (wanted && !(BROWSER_KINDS as readonly string[]).includes(wanted)) {
    if (sources.exists(wanted)) return { path: wanted, kind: 'path', name: wanted };
    throw new BrowserNotFoundError(
      `browserDebug.launch.browser is "${wanted}", which is neither a browser (${BROWSER_KINDS.join(', ')}) nor an existing file. Set it to one of those, or to the full path of the browser's executable.`,
    );
  }
  const fromEnv = sources.env.CHROME_PATH;
  if (!wanted && fromEnv && sources.exists(fromEnv)) {
    const kind = kindOfPath(fromEnv);
    return { path: fromEnv, kind, name: NAMES[kind] };
  }
  const all = await listBrowsers(sources);
  for (const kind of wanted ? [wanted as BrowserKind] : AUTO_ORDER) {
    const match = all.find((browser) => browser.kind === kind);
    if (match) return match;
  }
  const installed = all.length ? ` Installed: ${all.map((browser) => browser.kind).join(', ')}.` : '';
  throw new BrowserNotFoundError(
    wanted
      ? `${NAMES[wanted as BrowserKind]} is not installed here.${installed} Set browserDebug.launch.browser to one that is, or to the path of its executable.`
      : 'Browser Debug found no Chrome, Chromium, Edge or Brave. Install one, or set browserDebug.launch.browser (or CHROME_PATH) to its executable.',
  );
}

/** The path of `findBrowser('')`, or undefined (audits: no browser is a state, not an error). */
export function findAnyBrowser(sources?: BrowserSources): Promise<string | undefined> {
  return findBrowser('', sources).then(
    (browser) => browser.path,
    () => undefined,
  );
}

/** This machine: chrome-launcher and edge-paths, loaded on first use (chrome-launcher stays outside the bundle). */
export function defaultSources(env: NodeJS.ProcessEnv = process.env, platform = process.platform): BrowserSources {
  return {
    chromeInstallations: async () => (await import('chrome-launcher')).Launcher.getInstallations(),
    edgeInstallations: async () => {
      const edge = await import('edge-paths');
      const channels = [edge.getEdgePath, edge.getEdgeBetaPath, edge.getEdgeDevPath, edge.getEdgeCanaryPath];
      return channels.flatMap((channel) => {
        try {
          return [channel()];
        } catch {
          return []; // that channel is not installed
        }
      });
    },
    exists: existsSync,
    env,
    platform,
  };
}
