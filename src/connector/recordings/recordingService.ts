import { ApiError } from '../../shared/errors';
import {
  isRecordingId,
  type BrowserRecording,
  type RecordingDetail,
  type RecordingSummary,
  type ReplayVerdict,
} from '../../shared/recording';
import type { ExportFormat, RecordingExport } from '../../shared/recordingExport';
import type { MockRule } from '../../shared/networkMocks';
import type { BrowserBridge } from '../wire/browserBridge';
import { exportMocksOf } from './export/exportMocks';
import type { Logger } from '../logging/logger';
import type { CaptureStore } from '../capture/store';
import type { VisualChangeService } from '../visualChanges/visualChangeService';
import { writeExport } from './export/exportFile';
import { exportRecording, type ExportOptions } from './export/exportRecording';
import { validateFlowContent } from './flowValidation';
import { detailOf, RecordingLibrary, summaryOf, type RecordingLimits, type SavedRecording } from './recordingLibrary';
import { ReplayRunner, type ReplayOptions, type RunKeeper } from './replayRunner';
import { settle } from './settle';
import { checkId, newRecordingId, notFound } from './recordingIds';
import { runningSummary, savedRecording, type Running } from './runningRecording';

const COMMAND_TIMEOUT_MS = 15_000;

/**
 * Recordings end to end: start and stop in the browser, the timeline from the store, files through
 * the library, replays and their verdicts. Secrets typed while recording stay in this object's memory.
 */
export class RecordingService {
  private running: Running | undefined;
  private replaying: string | undefined;
  private readonly library: RecordingLibrary;
  private readonly runner: ReplayRunner;
  /** Recording id → placeholder key → value. Never written anywhere. */
  private readonly secrets = new Map<string, Record<string, string>>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly limits: RecordingLimits,
    private readonly bridge: BrowserBridge,
    private readonly store: CaptureStore,
    logger: Logger,
    private readonly runs?: RunKeeper,
    private readonly visual?: VisualChangeService,
  ) {
    this.library = new RecordingLibrary(limits, logger);
    this.runner = new ReplayRunner(bridge, store, runs?.video);
  }

  /** Called after anything changes (start, stop, replay, import, delete): the /ws hub tells the views. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(title?: string): Promise<RecordingSummary> {
    if (this.running)
      throw new ApiError(
        'INVALID_REQUEST',
        `Recording ${this.running.id} is still running: stop it first (POST /recordings/${this.running.id}/stop).`,
        { running: this.running.id },
      );
    const id = newRecordingId();
    const startSeq = this.store.lastSeq;
    const started = await this.startInBrowser(id);
    this.running = {
      id,
      title: title?.trim() || `Recording of ${started.url ?? 'the current tab'}`,
      startedAt: started.startedAt,
      startSeq,
      tabId: started.tabId,
    };
    this.changed();
    return runningSummary(this.running);
  }

  async stop(id: string): Promise<RecordingDetail> {
    checkId(id);
    const running = this.running;
    if (!running || running.id !== id) {
      const saved = await this.library.get(id);
      if (saved) return detailOf(saved.recording, saved.path);
      const orphan = await this.adoptOrphan(id);
      if (orphan) return orphan;
      throw notFound(id);
    }
    this.running = undefined;
    let captured: BrowserRecording;
    try {
      captured = await this.bridge.command('record-stop', { recordingId: id }, COMMAND_TIMEOUT_MS);
    } finally {
      this.changed();
    }
    return this.finish(running, captured);
  }

  /** The browser may still record for a connector that restarted: its steps are kept, not lost. */
  private async startInBrowser(id: string): Promise<{ tabId: number; url?: string; startedAt: number }> {
    const start = () => this.bridge.command('record-start', { recordingId: id }, COMMAND_TIMEOUT_MS);
    try {
      return await start();
    } catch (error) {
      if (
        !(error instanceof ApiError) ||
        (error.details as { browserCode?: string }).browserCode !== 'RECORDING_RUNNING'
      )
        throw error;
      await this.adoptOrphan();
      return start();
    }
  }

  /** Stops a recording the browser runs without this connector knowing it, and saves it. */
  private async adoptOrphan(id?: string): Promise<RecordingDetail | undefined> {
    let captured: BrowserRecording & { id?: string };
    try {
      captured = await this.bridge.command('record-stop', id ? { recordingId: id } : {}, COMMAND_TIMEOUT_MS);
    } catch {
      return undefined;
    }
    const orphan: Running = {
      id: isRecordingId(captured.id) ? captured.id : (id ?? newRecordingId()),
      title: `Recording of ${captured.url ?? 'a tab'}`,
      startedAt: captured.startedAt,
      startSeq: 0,
      tabId: captured.tabId,
    };
    return this.finish(orphan, captured);
  }

  private async finish(running: Running, captured: BrowserRecording): Promise<RecordingDetail> {
    const id = running.id;
    await settle(this.store);
    const captures = this.store
      .since(running.startSeq)
      .filter((entry) => (entry as { tabId?: number }).tabId === running.tabId && entry.timestamp >= running.startedAt);
    const recording = savedRecording(running, captured, captures);
    if (Object.keys(captured.secrets).length) this.secrets.set(id, captured.secrets);
    const path = await this.library.save(recording);
    this.changed();
    return detailOf(recording, path);
  }

  async list(): Promise<RecordingSummary[]> {
    const saved = (await this.library.list()).map((recording) => summaryOf(recording));
    return this.running ? [runningSummary(this.running), ...saved.reverse()] : saved.reverse();
  }

  async get(id: string): Promise<RecordingDetail> {
    checkId(id);
    if (this.running?.id === id)
      return { ...runningSummary(this.running), flow: { title: this.running.title, steps: [] }, timeline: [] };
    const saved = await this.library.get(id);
    if (!saved) throw notFound(id);
    return detailOf(saved.recording, saved.path);
  }

  /**
   * `mocks`: the network mock rules the caller set for this replay (replayWithMocks), kept with its verdict.
   * `setUp` runs once this replay holds the slot (a refused replay sets nothing up), and the teardown it
   * answers runs before the slot is free (the next replay never meets this one's mocks).
   */
  async replay(
    id: string,
    options: Partial<ReplayOptions> = {},
    mocks: readonly MockRule[] = [],
    setUp: () => Promise<() => Promise<void>> = async () => async () => undefined,
  ): Promise<ReplayVerdict> {
    checkId(id);
    if (this.running?.id === id)
      throw new ApiError('INVALID_REQUEST', `Recording ${id} is still running: stop it before replaying it.`);
    if (this.replaying)
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `A replay of ${this.replaying} is running: wait for its verdict, then replay again.`,
      );
    // Taken before the first await, so two replays that arrive together cannot both pass the check.
    this.replaying = id;
    let tearDown: (() => Promise<void>) | undefined;
    try {
      const saved = await this.library.get(id);
      if (!saved) throw notFound(id);
      tearDown = await setUp();
      const visual = await this.visual?.begin(id, options.visual !== false);
      const run = await this.runner.run(saved.recording, {
        ...options,
        secrets: { ...this.secrets.get(id), ...options.secrets },
        afterStep: visual?.afterStep,
      });
      let verdict = run.verdict;
      const passing = !options.signal?.aborted && verdict.verdict === 'not reproduced';
      if (visual) verdict = { ...verdict, ...(await visual.finish({ startedAt: verdict.startedAt, passing })) };
      // A cancelled replay stopped part-way: its verdict says so, and the last full one stays on record.
      if (!options.signal?.aborted) {
        if (this.runs) verdict = { ...verdict, runId: await this.runs.keep(saved.recording, { ...run, verdict }) };
        saved.recording.lastVerdict = verdict;
        saved.recording.lastReplayMocks = mocks.length ? [...mocks] : undefined;
        await this.library.save(saved.recording);
      }
      return verdict;
    } finally {
      await tearDown?.();
      this.replaying = undefined;
      // Set up means it ran (a verdict may be saved); a refused or unknown id changed nothing.
      if (tearDown) this.changed();
    }
  }

  /** A saved recording and this session's secrets for it: what a leak check replays (leaks/leakService). */
  async replayable(id: string): Promise<{ recording: SavedRecording; secrets: Record<string, string>; path: string }> {
    checkId(id);
    if (this.running?.id === id)
      throw new ApiError('INVALID_REQUEST', `Recording ${id} is still running: stop it before checking it for leaks.`);
    const saved = await this.library.get(id);
    if (!saved) throw notFound(id);
    return { recording: saved.recording, secrets: { ...this.secrets.get(id) }, path: saved.path };
  }

  async import(flowInput: unknown, title?: string): Promise<RecordingDetail> {
    const flow = validateFlowContent(flowInput);
    if (title) flow.title = title;
    const id = newRecordingId();
    const recording: SavedRecording = {
      id,
      title: flow.title,
      startedAt: Date.now(),
      stoppedAt: Date.now(),
      imported: true,
      flow,
      timeline: [],
    };
    const path = await this.library.save(recording);
    this.changed();
    return detailOf(recording, path);
  }

  /** The recording as a test in `format`; written to `path` (inside the export roots) when given. */
  async export(
    id: string,
    format: ExportFormat,
    options: ExportOptions & { path?: string } = {},
  ): Promise<RecordingExport> {
    checkId(id);
    const saved = await this.library.get(id);
    if (!saved) throw notFound(id);
    // The last replay's network mocks become the test's own (page.route, interception, cy.intercept).
    const mocks = options.mocks ?? exportMocksOf(saved.recording.lastReplayMocks);
    const exported = await exportRecording(saved.recording, format, { ...options, mocks });
    if (!options.path) return exported;
    const roots = this.limits.exportRoots ?? [process.cwd()];
    return { ...exported, path: await writeExport(options.path, exported, roots) };
  }

  /** A new title, saved in the recording's file; a running recording keeps it when it stops. */
  async rename(id: string, title: string): Promise<RecordingSummary> {
    checkId(id);
    const trimmed = title.trim();
    if (!trimmed || trimmed.length > MAX_TITLE)
      throw new ApiError('INVALID_PARAMETER', `Invalid 'title': send 1 to ${MAX_TITLE} characters.`, {
        parameter: 'title',
      });
    if (this.running?.id === id) {
      this.running.title = trimmed;
      this.changed();
      return runningSummary(this.running);
    }
    const saved = await this.library.get(id);
    if (!saved) throw notFound(id);
    saved.recording.title = trimmed;
    saved.recording.flow.title = trimmed;
    const path = await this.library.save(saved.recording);
    this.changed();
    return summaryOf(saved.recording, path);
  }

  async delete(id: string): Promise<{ deleted: string }> {
    checkId(id);
    if (this.running?.id === id) await this.stop(id);
    if (!(await this.library.delete(id))) throw notFound(id);
    await this.runs?.forget(id);
    await this.visual?.delete(id);
    this.secrets.delete(id);
    this.changed();
    return { deleted: id };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

const MAX_TITLE = 200;
