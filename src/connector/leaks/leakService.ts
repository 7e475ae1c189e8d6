import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ApiError } from '../../shared/errors';
import { DEFAULT_LEAK_ITERATIONS, type LeakGroup, type LeakReport } from '../../shared/leaks';
import type { BrowserBridge } from '../wire/browserBridge';
import type { RecordingService } from '../recordings/recordingService';
import { ReplayRunner } from '../recordings/replayRunner';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import type { CaptureStore } from '../capture/store';
import { privateFolder } from '../trust/privateFiles';
import { openDevtools, type DevtoolsChoice } from './browserDevtools';
import { HeapSession } from './heapSession';
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
  /** The browser's own DevTools connection (heap snapshots): VS Code's launched browser or an endpoint. */
  devtools: () => DevtoolsChoice;
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
      'tab-target',
      check.tabId === undefined ? {} : { tabId: check.tabId },
      QUICK_MS,
    );
    const tabId = page.tabId;
    if (this.busy.has(tabId))
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `A leak check is already running in tab ${tabId}: wait for its verdict (or cancel it), then try again.`,
        { tabId },
      );
    this.busy.add(tabId);
    const release = check.hold?.(tabId);
    const folder = join(dirname(source.path), `${check.recordingId}.leaks`, String(startedAt));
    let heap: HeapSession | undefined;
    try {
      heap = await HeapSession.attach(await openDevtools(this.deps.devtools()), page.targetId);
      await privateFolder(folder);
      const loop = new LeakLoop(heap, this.runner, this.transfers, {
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
        growth: looped.growth,
        leaks,
        durationMs: Date.now() - startedAt,
        phases: {
          warmUpMs: looped.warmUpMs,
          iterationsMs: looped.iterationsMs,
          snapshotMs: looped.snapshotMs,
          firstChunkMs: looped.firstChunkMs,
          transferMs: looped.transferMs,
          snapshotBytes: looped.snapshotBytes,
          analysisMs: diff.analysisMs,
        },
        url: page.url,
        ...(check.keep ? { snapshots: Object.values(looped.files) } : {}),
      };
    } finally {
      heap?.close();
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
