import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecordingId } from '../../shared/recording';
import { visualBoxSchema, type VisualBox } from '../../shared/visualChanges';
import { z } from 'zod';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';
import { DecodedImages } from './decodedImages';
import type { RgbaImage } from './visualDiff';

/** One step of a baseline: its screenshot and the regions that moved on their own when it was taken. */
export interface BaselineStep {
  png: Uint8Array;
  /** Image px. */
  masks: VisualBox[];
}

/** A baseline step as read back: its pixels are decoded once and kept for the next replays. */
export interface StoredBaselineStep extends BaselineStep {
  image(): RgbaImage;
}

const metaSchema = z.object({
  runStartedAt: z.number(),
  steps: z.record(z.string().regex(/^\d+$/), z.object({ masks: z.array(visualBoxSchema).max(1000) })),
});
type BaselineMeta = z.infer<typeof metaSchema>;

export interface Baseline {
  runStartedAt: number;
  has(step: number): boolean;
  step(step: number): Promise<StoredBaselineStep | undefined>;
}

export interface BaselineLimits {
  /** The recordings folder: baselines live in its `visual/` folder, one folder per recording. */
  dir: string;
  /** Most baselines kept (one per recording): the oldest go first. */
  maxBaselines: number;
  /** Most bytes of screenshots kept over all baselines. */
  maxBytes: number;
}

/** Most steps a baseline keeps a screenshot of; later steps are not compared. */
export const MAX_BASELINE_STEPS = 200;
const META = 'baseline.json';

/**
 * The recordings' visual baselines on disk (folders 0700, files 0600): per recording, a PNG per step and the
 * masks, capped by count and bytes, oldest first. The folder name is the recording's id, checked as ours.
 */
export class VisualBaselines {
  private readonly decoded = new DecodedImages();

  constructor(private readonly limits: BaselineLimits) {}

  private folder(recordingId: string): string {
    if (!isRecordingId(recordingId)) throw new Error(`Not a recording id: ${JSON.stringify(recordingId)}.`);
    return join(this.limits.dir, 'visual', recordingId);
  }

  async get(recordingId: string): Promise<Baseline | undefined> {
    const folder = this.folder(recordingId);
    let meta: BaselineMeta;
    try {
      meta = metaSchema.parse(JSON.parse(await readFile(join(folder, META), 'utf8')));
    } catch {
      return undefined;
    }
    return {
      runStartedAt: meta.runStartedAt,
      has: (step) => meta.steps[step] !== undefined,
      step: async (step) => {
        const entry = meta.steps[step];
        if (!entry) return undefined;
        const png = await readFile(join(folder, `step-${step}.png`)).catch(() => undefined);
        if (!png) return undefined;
        const key = `${recordingId}/${meta.runStartedAt}/${step}`;
        return { png, masks: entry.masks, image: () => this.decoded.get(key, png) };
      },
    };
  }

  async save(recordingId: string, runStartedAt: number, steps: ReadonlyMap<number, BaselineStep>): Promise<void> {
    const folder = this.folder(recordingId);
    this.decoded.forget(`${recordingId}/`);
    await rm(folder, { recursive: true, force: true });
    await privateFolder(join(this.limits.dir, 'visual'));
    await privateFolder(folder);
    const meta: BaselineMeta = { runStartedAt, steps: {} };
    for (const [index, step] of [...steps].slice(0, MAX_BASELINE_STEPS)) {
      await writePrivateFile(join(folder, `step-${index}.png`), step.png);
      meta.steps[index] = { masks: step.masks };
    }
    await writePrivateFile(join(folder, META), JSON.stringify(meta));
    await this.prune(recordingId);
  }

  async delete(recordingId: string): Promise<void> {
    this.decoded.forget(`${recordingId}/`);
    await rm(this.folder(recordingId), { recursive: true, force: true });
  }

  /** Oldest baselines first, never the one just saved. */
  private async prune(keep: string): Promise<void> {
    const root = join(this.limits.dir, 'visual');
    const names = (await readdir(root).catch(() => [] as string[])).filter((name) => isRecordingId(name));
    const sized = await Promise.all(names.map(async (name) => ({ name, ...(await sizeOf(join(root, name))) })));
    sized.sort((a, b) => a.modified - b.modified);
    let bytes = sized.reduce((sum, entry) => sum + entry.bytes, 0);
    let count = sized.length;
    for (const entry of sized) {
      if (count <= this.limits.maxBaselines && bytes <= this.limits.maxBytes) break;
      if (entry.name === keep) continue;
      await rm(join(root, entry.name), { recursive: true, force: true });
      bytes -= entry.bytes;
      count--;
    }
  }
}

async function sizeOf(folder: string): Promise<{ bytes: number; modified: number }> {
  const names = await readdir(folder).catch(() => [] as string[]);
  let bytes = 0;
  let modified = 0;
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => undefined);
    if (!info) continue;
    bytes += info.size;
    modified = Math.max(modified, info.mtimeMs);
  }
  return { bytes, modified };
}
