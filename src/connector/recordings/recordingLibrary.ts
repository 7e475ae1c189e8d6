import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isRecordingId,
  type RecorderFlow,
  type RecordingDetail,
  type RecordingSummary,
  type ReplayVerdict,
  type TimelineEntry,
} from '../../shared/recording';
import type { MockRule } from '../../shared/networkMocks';
import type { Logger } from '../logging/logger';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';

export interface RecordingLimits {
  dir: string;
  maxRecordings: number;
  maxBytes: number;
  /** Runs (replays with their evidence) kept per recording; the oldest go first. */
  maxRuns?: number;
  /** Where export_recording may write; the connector's working folder when absent. */
  exportRoots?: string[];
}

/** A saved recording: what GET /recordings/{id} answers and what the JSON file holds. */
export interface SavedRecording {
  id: string;
  title: string;
  startedAt: number;
  stoppedAt?: number;
  imported?: boolean;
  tabId?: number;
  flow: RecorderFlow;
  timeline: TimelineEntry[];
  lastVerdict?: ReplayVerdict;
  /** The network mock rules in force for that replay, so an exported test can mock the same way. */
  lastReplayMocks?: MockRule[];
  /** Frame paths whose steps ran in another origin than the top page (Cypress cannot reach those). */
  crossOriginFrames?: number[][];
}

const FILE = /^rec-[\w-]+\.json$/;

/**
 * The stopped recordings: in memory and one JSON file each under the storage folder, capped by
 * count and bytes (the oldest go first, file included). Files from earlier sessions load at start.
 */
export class RecordingLibrary {
  private readonly byId = new Map<string, { recording: SavedRecording; bytes: number; path: string }>();
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly limits: RecordingLimits,
    private readonly logger: Logger,
  ) {}

  async list(): Promise<SavedRecording[]> {
    await this.load();
    return [...this.byId.values()].map((entry) => entry.recording);
  }

  async get(id: string): Promise<{ recording: SavedRecording; path: string } | undefined> {
    await this.load();
    return this.byId.get(id);
  }

  async save(recording: SavedRecording): Promise<string> {
    await this.load();
    if (!isRecordingId(recording.id))
      throw new Error(`Refusing to save a recording with the id ${JSON.stringify(recording.id)}.`);
    const text = JSON.stringify(recording, null, 2);
    const path = join(this.limits.dir, `${recording.id}.json`);
    await privateFolder(this.limits.dir);
    await writePrivateFile(path, text);
    this.byId.delete(recording.id);
    this.byId.set(recording.id, { recording, bytes: Buffer.byteLength(text), path });
    await this.prune(recording.id);
    return path;
  }

  async delete(id: string): Promise<boolean> {
    await this.load();
    const entry = this.byId.get(id);
    if (!entry) return false;
    this.byId.delete(id);
    await unlink(entry.path).catch(() => undefined);
    return true;
  }

  private load(): Promise<void> {
    this.loaded ??= this.readFolder();
    return this.loaded;
  }

  private async readFolder(): Promise<void> {
    const names = await readdir(this.limits.dir).catch(() => [] as string[]);
    const found: { recording: SavedRecording; bytes: number; path: string }[] = [];
    for (const name of names.filter((candidate) => FILE.test(candidate))) {
      const path = join(this.limits.dir, name);
      try {
        const text = await readFile(path, 'utf8');
        const recording = JSON.parse(text) as SavedRecording;
        // The id builds paths later (a save after a replay): it must be one of ours, and the file's own name.
        if (!isRecordingId(recording.id) || `${recording.id}.json` !== name)
          this.logger.warn(`Skipping recording ${path}: its id does not match its file name.`);
        else if (recording.flow) found.push({ recording, bytes: Buffer.byteLength(text), path });
      } catch (error) {
        this.logger.warn(`Skipping unreadable recording ${path}: ${String(error)}`);
      }
    }
    found.sort((a, b) => a.recording.startedAt - b.recording.startedAt);
    for (const entry of found) this.byId.set(entry.recording.id, entry);
  }

  /** Oldest first (Map order is save order), never the one just saved. */
  private async prune(keep: string): Promise<void> {
    let bytes = [...this.byId.values()].reduce((sum, entry) => sum + entry.bytes, 0);
    for (const [id, entry] of this.byId) {
      if (this.byId.size <= this.limits.maxRecordings && bytes <= this.limits.maxBytes) break;
      if (id === keep) continue;
      this.byId.delete(id);
      bytes -= entry.bytes;
      await unlink(entry.path).catch(() => undefined);
    }
  }
}

export function summaryOf(recording: SavedRecording, path?: string): RecordingSummary {
  return {
    id: recording.id,
    title: recording.title,
    startedAt: recording.startedAt,
    stoppedAt: recording.stoppedAt,
    state: 'stopped',
    steps: recording.flow.steps.length,
    errors: recording.timeline.filter((entry) => entry.kind === 'error' || entry.kind === 'request').length,
    path,
    imported: recording.imported,
    lastVerdict: recording.lastVerdict?.verdict,
    lastReplayAt: recording.lastVerdict?.startedAt,
  };
}

export function detailOf(recording: SavedRecording, path?: string): RecordingDetail {
  return { ...summaryOf(recording, path), flow: recording.flow, timeline: recording.timeline };
}
