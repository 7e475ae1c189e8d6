import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logging/logger';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';

const PREFIX = 'trace-';
const SUFFIX = '.json.gz';

function slug(url: string | undefined): string {
  try {
    const { host, pathname } = new URL(url ?? '');
    return (
      `${host}${pathname}`
        .replace(/[^\w.-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'page'
    );
  } catch {
    return 'page';
  }
}

/** Trace files as DevTools saves them (`.json.gz`, open in the Performance panel); the newest `maxTraces` are kept. */
export class TraceFolder {
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly maxTraces: number,
    private readonly logger: Logger,
  ) {}

  async save(url: string | undefined, timestamp: number, gz: Buffer): Promise<string> {
    await privateFolder(this.dir);
    const stamp = new Date(timestamp).toISOString().replace(/[:.]/g, '-');
    const path = join(
      this.dir,
      `${PREFIX}${stamp}-${(++this.sequence).toString().padStart(4, '0')}-${slug(url)}${SUFFIX}`,
    );
    await writePrivateFile(path, gz);
    await this.prune().catch((error: unknown) => this.logger.warn(`Could not prune ${this.dir}: ${String(error)}`));
    return path;
  }

  /** Names start with an ISO time, so name order is age order; only our own files go. */
  private async prune(): Promise<void> {
    const names = (await readdir(this.dir)).filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX)).sort();
    for (const name of names.slice(0, Math.max(0, names.length - this.maxTraces))) await unlink(join(this.dir, name));
  }
}
