import type { ExportFormat } from '../../shared/recordingExport';

/** What finding the tests folder needs of a workspace folder (paths relative to it, `/`-separated). */
export interface FolderProbe {
  exists(path: string): Promise<boolean>;
  readText(path: string): Promise<string | undefined>;
}

const PLAYWRIGHT_CONFIGS = ['ts', 'js', 'mts', 'mjs', 'cts', 'cjs'].map((ext) => `playwright.config.${ext}`);

/**
 * Where the project's tests already live, for an export in `format` (relative to the workspace
 * folder, '' for its root): Playwright's configured testDir (its config folder when none is set),
 * cypress/e2e, tests/, e2e/. With none of them, tests/ (created on write).
 */
export async function testFolderFor(format: ExportFormat, probe: FolderProbe): Promise<string> {
  const playwright = async () => {
    for (const config of PLAYWRIGHT_CONFIGS) {
      const text = await probe.readText(config);
      if (text === undefined) continue;
      const testDir = /\btestDir\s*:\s*(['"`])([^'"`]+)\1/.exec(text)?.[2];
      return testDir ? normalise(testDir) : '';
    }
    return undefined;
  };
  const folder = async (path: string) => ((await probe.exists(path)) ? path : undefined);
  const order: (() => Promise<string | undefined>)[] =
    format === 'playwright'
      ? [playwright, () => folder('tests'), () => folder('e2e')]
      : format === 'cypress'
        ? [() => folder('cypress/e2e'), () => folder('e2e'), () => folder('tests')]
        : [() => folder('tests'), () => folder('e2e')];
  for (const candidate of order) {
    const found = await candidate();
    if (found !== undefined) return found;
  }
  return 'tests';
}

/** `./e2e/specs/` → `e2e/specs`; a testDir outside the folder falls back to tests/. */
function normalise(dir: string): string {
  const parts: string[] = [];
  for (const part of dir.split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return 'tests';
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
