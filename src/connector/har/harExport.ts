import { dirname, join } from 'node:path';
import type { ConnectorConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { pruneOldest, type FolderCap } from '../trust/prunedFolder';
import type { CaptureStore } from '../capture/store';
import { harOf } from './harLog';
import type { RedactionTally } from '../../shared/redaction';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';

export interface HarExportFilter {
  /** URL contains (any case). */
  search?: string;
  failed?: boolean;
  limit: number;
}

const PREFIX = 'network-';
/** The names exportHar gives (`network-<ISO time>-<sequence>.har`), and no other. */
export const HAR_NAMES = /^network-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{4,}\.har$/;
let sequence = 0;
/** HAR files can be large: the newest 20 are kept, at most 200 MB in all. */
export const HAR_FOLDER_CAP: FolderCap = { maxFiles: 20, maxBytes: 200 * 1024 * 1024 };

/** Beside the screenshots folder, as traces are beside the audits: `…/browser-debug/exports`. */
export function exportsFolder(config: Pick<ConnectorConfig, 'screenshots'>): string {
  return join(dirname(config.screenshots.dir), 'exports');
}

/** Writes the newest captured requests that match as a HAR 1.2 file; answers its path, size and entry count. */
export async function exportHar(
  store: CaptureStore,
  config: Pick<ConnectorConfig, 'screenshots'>,
  filter: HarExportFilter,
  logger: Logger,
  cap: FolderCap = HAR_FOLDER_CAP,
): Promise<{ path: string; size: number; entries: number; redacted: RedactionTally }> {
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
  await privateFolder(folder);
  const path = join(
    folder,
    `${PREFIX}${new Date().toISOString().replace(/[:.]/g, '-')}-${(++sequence).toString().padStart(4, '0')}.har`,
  );
  const har = harOf(entries);
  const text = JSON.stringify(har, null, 2);
  await writePrivateFile(path, text);
  await pruneOldest(folder, HAR_NAMES, cap).catch((error: unknown) =>
    logger.warn(`Could not prune ${folder}: ${String(error)}`),
  );
  return { path, size: Buffer.byteLength(text), entries: entries.length, redacted: har.log._redacted };
}
