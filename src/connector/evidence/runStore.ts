import { readdir, readFile, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunId, type RunRecord } from '../../shared/evidence';
import { isRecordingId } from '../../shared/recording';
import type { Logger } from '../logging/logger';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';

export interface RunLimits {
  /** Runs live in one folder per recording under it. */
  dir: string;
  /** Runs kept per recording; the oldest go first, their videos included. */
  maxPerRecording: number;
}

export const DEFAULT_RUNS_PER_RECORDING = 10;

/**
 * The runs of each recording: `<dir>/<recordingId>/<runId>.json` (0600), with the run's video beside it
 * under the same name. Ids are checked before they build a path. Read from disk on demand: a recording
 * keeps a handful of runs.
 */
export class RunStore {
  constructor(
    private readonly limits: RunLimits,
    private readonly logger: Logger,
  ) {}

  folderOf(recordingId: string): string {
    if (!isRecordingId(recordingId)) throw new Error(`Not a recording id: ${JSON.stringify(recordingId)}.`);
    return join(this.limits.dir, recordingId);
  }

  /** The path of a run's file with this extension (json, webm); ids checked. */
  pathOf(recordingId: string, runId: string, extension: string): string {
    if (!isRunId(runId)) throw new Error(`Not a run id: ${JSON.stringify(runId)}.`);
    return join(this.folderOf(recordingId), `${runId}.${extension}`);
  }

  async save(run: RunRecord): Promise<void> {
    await privateFolder(this.folderOf(run.recordingId));
    await writePrivateFile(this.pathOf(run.recordingId, run.runId, 'json'), JSON.stringify(run, null, 2));
    await this.prune(run.recordingId, run.runId);
  }

  /** Rewrites a kept run (its video arrived); a run pruned or forgotten meanwhile stays gone. */
  async update(run: RunRecord): Promise<void> {
    if (!(await this.get(run.recordingId, run.runId))) return;
    await writePrivateFile(this.pathOf(run.recordingId, run.runId, 'json'), JSON.stringify(run, null, 2));
  }

  /** A file of the run beside its record (the video, the still), 0600. */
  async saveFile(recordingId: string, runId: string, extension: string, bytes: Uint8Array): Promise<void> {
    await privateFolder(this.folderOf(recordingId));
    await writePrivateFile(this.pathOf(recordingId, runId, extension), bytes);
  }

  /** The recording's runs, oldest first. */
  async list(recordingId: string): Promise<RunRecord[]> {
    const names = await readdir(this.folderOf(recordingId)).catch(() => [] as string[]);
    const runs: RunRecord[] = [];
    for (const name of names) {
      const runId = name.replace(/\.json$/, '');
      if (!name.endsWith('.json') || !isRunId(runId)) continue;
      const run = await this.get(recordingId, runId);
      if (run) runs.push(run);
    }
    return runs.sort((a, b) => a.startedAt - b.startedAt);
  }

  async get(recordingId: string, runId: string): Promise<RunRecord | undefined> {
    if (!isRunId(runId)) return undefined;
    const path = this.pathOf(recordingId, runId, 'json');
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const run = JSON.parse(text) as RunRecord;
      return run.runId === runId && run.recordingId === recordingId ? run : undefined;
    } catch (error) {
      this.logger.warn(`Skipping unreadable run ${path}: ${String(error)}`);
      return undefined;
    }
  }

  /** Every run of a deleted recording, videos included. */
  async forget(recordingId: string): Promise<void> {
    await rm(this.folderOf(recordingId), { recursive: true, force: true });
  }

  private async prune(recordingId: string, keep: string): Promise<void> {
    const runs = await this.list(recordingId);
    for (const run of runs.slice(0, Math.max(0, runs.length - this.limits.maxPerRecording))) {
      if (run.runId === keep) continue;
      const folder = this.folderOf(recordingId);
      for (const name of await readdir(folder))
        if (name.startsWith(`${run.runId}.`)) await unlink(join(folder, name)).catch(() => undefined);
    }
  }
}
