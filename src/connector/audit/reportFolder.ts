import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditReportFiles } from '../../shared/audit';
import type { Logger } from '../logging/logger';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';

const PREFIX = 'audit-';

/** A file-name-safe hint of the audited page, e.g. `127.0.0.1-5173-login`. */
function slug(url: string): string {
  const { host, pathname } = new URL(url);
  return (
    `${host}${pathname}`
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'page'
  );
}

/** Full Lighthouse reports, JSON and HTML side by side; only the newest `maxReports` of ours are kept. */
export class ReportFolder {
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly maxReports: number,
    private readonly logger: Logger,
  ) {}

  async save(url: string, timestamp: number, json: string, html: string): Promise<AuditReportFiles> {
    await privateFolder(this.dir);
    const stamp = new Date(timestamp).toISOString().replace(/[:.]/g, '-');
    const base = join(this.dir, `${PREFIX}${stamp}-${(++this.sequence).toString().padStart(4, '0')}-${slug(url)}`);
    const files = { jsonPath: `${base}.report.json`, htmlPath: `${base}.report.html` };
    await Promise.all([writePrivateFile(files.jsonPath, json), writePrivateFile(files.htmlPath, html)]);
    await this.prune().catch((error: unknown) => this.logger.warn(`Could not prune ${this.dir}: ${String(error)}`));
    return files;
  }

  /** Names start with an ISO time, so name order is age order; only files we wrote (by prefix) go. */
  private async prune(): Promise<void> {
    const names = (await readdir(this.dir))
      .filter((name) => name.startsWith(PREFIX) && name.endsWith('.report.json'))
      .sort();
    for (const name of names.slice(0, Math.max(0, names.length - this.maxReports))) {
      const base = join(this.dir, name.slice(0, -'.report.json'.length));
      await Promise.all([unlink(`${base}.report.json`), unlink(`${base}.report.html`).catch(() => undefined)]);
    }
  }
}
