import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A report folder per suite, removed afterwards. */
export function tempReportDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bd-audits-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
