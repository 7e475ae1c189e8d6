import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ConnectorConfig } from '../config';
import type { CaptureStore } from '../store';
import { harOf } from './harLog';

export interface HarExportFilter {
  /** URL contains (any case). */
  search?: string;
  failed?: boolean;
  limit: number;
}

/** Beside the screenshots folder, as traces are beside the audits: `…/browser-debug/exports`. */
export function exportsFolder(config: Pick<ConnectorConfig, 'screenshots'>): string {
  return join(dirname(config.screenshots.dir), 'exports');
}

/** Writes the newest captured requests that match as a HAR 1.2 file; answers its path, size and entry count. */
export async function exportHar(
  store: CaptureStore,
  config: Pick<ConnectorConfig, 'screenshots'>,
  filter: HarExportFilter,
): Promise<{ path: string; size: number; entries: number }> {
  const needle = filter.search?.toLowerCase();
  const kinds =
    filter.failed === true
      ? (['networkErrors'] as const)
      : filter.failed === false
        ? (['networkSuccess'] as const)
        : (['networkSuccess', 'networkErrors'] as const);
  const { entries } = store.query(
    kinds,
    (request) => !needle || request.url.toLowerCase().includes(needle),
    filter.limit,
  );
  const folder = exportsFolder(config);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `network-${new Date().toISOString().replace(/[:.]/g, '-')}.har`);
  const text = JSON.stringify(harOf(entries), null, 2);
  await writeFile(path, text);
  return { path, size: Buffer.byteLength(text), entries: entries.length };
}
