import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Chrome, Chromium or Edge on this machine: CHROME_PATH first, then the usual install locations. */
export function findChrome(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  return chromeCandidates(env, platform).find((path) => existsSync(path));
}

export function chromeCandidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const fromEnv = env.CHROME_PATH ? [env.CHROME_PATH] : [];
  if (platform === 'darwin') {
    return [
      ...fromEnv,
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((root): root is string =>
      Boolean(root),
    );
    return [
      ...fromEnv,
      ...roots.map((root) => join(root, 'Google', 'Chrome', 'Application', 'chrome.exe')),
      ...roots.map((root) => join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe')),
      ...roots.map((root) => join(root, 'Chromium', 'Application', 'chrome.exe')),
    ];
  }
  // Debian's /usr/bin/chromium is a wrapper script; its binary takes our flags as they are.
  return [
    ...fromEnv,
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/microsoft-edge',
    '/snap/bin/chromium',
  ];
}
