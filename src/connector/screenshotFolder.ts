import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScreenshotConfig } from './config';
import type { DecodedImage } from './imageInfo';
import type { Logger } from './logger';

const PREFIX = 'screenshot-';

/** Saves screenshots to one folder, capped by file count and bytes; the oldest of ours go first. */
export class ScreenshotFolder {
  private sequence = 0;

  constructor(
    private readonly config: ScreenshotConfig,
    private readonly logger: Logger,
  ) {}

  async save(image: DecodedImage, timestamp: number): Promise<string> {
    await mkdir(this.config.dir, { recursive: true });
    const stamp = new Date(timestamp).toISOString().replace(/[:.]/g, '-');
    const name = `${PREFIX}${stamp}-${(++this.sequence).toString().padStart(4, '0')}.${image.format === 'png' ? 'png' : 'jpg'}`;
    const path = join(this.config.dir, name);
    await writeFile(path, image.bytes);
    await this.prune().catch((error: unknown) =>
      this.logger.warn(`Could not prune ${this.config.dir}: ${String(error)}`),
    );
    return path;
  }

  /** Only files we wrote (by prefix) are ever removed. */
  private async prune(): Promise<void> {
    const names = (await readdir(this.config.dir)).filter((name) => name.startsWith(PREFIX));
    const files = await Promise.all(
      names.map(async (name) => {
        const path = join(this.config.dir, name);
        const info = await stat(path);
        return { path, size: info.size, mtime: info.mtimeMs, name };
      }),
    );
    files.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
    let total = files.reduce((sum, file) => sum + file.size, 0);
    let count = files.length;
    for (const file of files) {
      if (count <= 1 || (count <= this.config.maxFiles && total <= this.config.maxBytes)) break;
      await unlink(file.path);
      count--;
      total -= file.size;
    }
  }
}
