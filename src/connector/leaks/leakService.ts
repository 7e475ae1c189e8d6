import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ApiError } from '../../shared/errors';
import { DEFAULT_LEAK_ITERATIONS, type LeakGroup, type LeakReport } from '../../shared/leaks';
import type { BrowserBridge } from '../browserBridge';
import type { RecordingService } from '../recordings/recordingService';
import { ReplayRunner } from '../recordings/replayRunner';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import type { CaptureStore } from '../store';
import { privateFolder } from '../trust/privateFiles';
import { HeapTransfers } from './heapTransfers';
import { analyseLeaks } from './leakAnalyser';
import { LeakLoop } from './leakLoop';
import { mapLocations } from './leakSources';

/** A snapshot larger than this is refused: MemLab's graph of it must fit the worker's heap. */
export const DEFAULT_MAX_SNAPSHOT_BYTES = 400 * 1024 * 1024;
const QUICK_MS = 5_000;

export interface LeakCheck {
  recordingId: string;
  iterations?: number;
  /** The tab to check in (an agent's own, already through the lease gate); the browser's choice when absent. */
  tabId?: number;
  keep?: boolean;
  signal?: AbortSignal;
  onProgress?: (fraction: number, message: string) => void;
  /** Holds the tab for the check (agents: the lease), answering its release. */
  hold?: (tabId: number) => () => void;
}

export interface LeakServiceDeps {
  bridge: BrowserBridge;
  store: CaptureStore;
  recordings: RecordingService;
  sourceMaps: Pick<SourceMapper, 'mapFrame'>;
  maxSnapshotBytes?: number;
}

/**
 * "Does this flow leak?" from a recording: the loop (leakLoop) in the tab, MemLab's analysis on a worker
 * (leakAnalyser), locations through source maps. One check per tab at a time; the tab goes back to its URL.
 */
export class LeakService {
  readonly transfers = new HeapTransfers();
  private readonly busy = new Set<number>();
  private readonly runner: ReplayRunner;

  constructor(private readonly deps: LeakServiceDeps) {
    this.runner = new ReplayRunner(deps.bridge, deps.store);
  }

  async find(check: LeakCheck): Promise<LeakReport> {
    const startedAt = Date.now();
    const iterations = check.iterations ?? DEFAULT_LEAK_ITERATIONS;
    const source = await this.deps.recordings.replayable(check.recordingId);
    const page = await this.deps.bridge.command(
      'current-url',
      check.tabId === undefined ? {} : { tabId: check.tabId },
      QUICK_MS,
    );
    const tabId = page.tabId;
    if (tabId === undefined)
      throw new ApiError('COMMAND_FAILED', 'The browser named no tab to check. Open the page and retry.');
    if (this.busy.has(tabId))
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `A leak check is already running in tab ${tabId}: wait for its verdict (or cancel it), then try again.`,
        { tabId },
      );
    this.busy.add(tabId);
    const release = check.hold?.(tabId);
    const folder = join(dirname(source.path), `${check.recordingId}.leaks`, String(startedAt));
    try {
      await privateFolder(folder);
      const loop = new LeakLoop(this.deps.bridge, this.runner, this.transfers, {
        recording: source.recording,
        secrets: source.secrets,
        iterations,
        tabId,
        folder,
        maxSnapshotBytes: this.deps.maxSnapshotBytes ?? DEFAULT_MAX_SNAPSHOT_BYTES,
        signal: check.signal,
        onProgress: check.onProgress,
      });
      const looped = await this.returning(tabId, page.url, () => loop.run());
      check.onProgress?.(0.95, 'analysing the heap snapshots');
      const diff = await analyseLeaks(looped.files, iterations, check.signal);
      const leaks: LeakGroup[] = await mapLocations(diff.leaks, this.deps.sourceMaps, page.url);
      return {
        verdict: leaks.length ? 'leak' : 'no-leak',
        recordingId: check.recordingId,
        iterations,
        growthPerIteration: diff.growthPerIteration,
        leaks,
        durationMs: Date.now() - startedAt,
        phases: {
          warmUpMs: looped.warmUpMs,
          iterationsMs: looped.iterationsMs,
          snapshotMs: looped.snapshotMs,
          transferMs: looped.transferMs,
          snapshotBytes: looped.snapshotBytes,
          analysisMs: diff.analysisMs,
        },
        url: page.url,
        ...(check.keep ? { snapshots: Object.values(looped.files) } : {}),
      };
    } finally {
      if (!check.keep) await rm(folder, { recursive: true, force: true });
      release?.();
      this.busy.delete(tabId);
    }
  }

  /** Runs the loop, then takes the tab back to the URL it showed before, whatever happened. */
  private async returning<T>(tabId: number, url: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      if (url && /^https?:/.test(url))
        await this.deps.bridge.command('navigate', { url, tabId }, 30_000).catch(() => undefined);
    }
  }
}
