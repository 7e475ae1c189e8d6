import { join } from 'node:path';
import { ApiError } from '../../shared/errors';
import { repeatedSteps, type LeakGrowthSample } from '../../shared/leaks';
import type { RecorderStep } from '../../shared/recording';
import type { SavedRecording } from '../recordings/recordingLibrary';
import type { ReplayRunner } from '../recordings/replayRunner';
import type { HeapSession } from './heapSession';
import type { HeapTransfers } from './heapTransfers';

export interface LoopPlan {
  recording: SavedRecording;
  secrets: Record<string, string>;
  iterations: number;
  tabId: number;
  folder: string;
  maxSnapshotBytes: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, message: string) => void;
}

export interface LoopResult {
  files: { baseline: string; target: string; final: string };
  growth: LeakGrowthSample[];
  warmUpMs: number;
  iterationsMs: number;
  snapshotMs: number;
  firstChunkMs: number;
  transferMs: number;
  snapshotBytes: number;
}

/**
 * The leak check's loop, MemLab's three snapshots around it: the whole flow once (warm-up), baseline,
 * the repeated steps N times, target, once more, final. Every snapshot follows a forced GC, and so does
 * the heap-size sample taken after each iteration (the growth chart).
 */
export class LeakLoop {
  private readonly startedAt = Date.now();
  private snapshotMs = 0;
  private firstChunkMs = 0;
  private transferMs = 0;
  private snapshotBytes = 0;

  constructor(
    private readonly heap: HeapSession,
    private readonly runner: ReplayRunner,
    private readonly transfers: HeapTransfers,
    private readonly plan: LoopPlan,
  ) {}

  async run(): Promise<LoopResult> {
    const { plan } = this;
    const repeated = repeatedSteps(plan.recording.flow.steps);
    if (!repeated.length)
      throw new ApiError(
        'INVALID_REQUEST',
        `Recording ${plan.recording.id} only navigates: record the interaction to repeat (open and close a panel, say) after the page loads, then find leaks again.`,
      );
    const total = plan.iterations + 5;
    plan.onProgress?.(0, 'warm-up: the whole flow once');
    await this.replay(plan.recording.flow.steps, 'the warm-up');
    const warmUpMs = Date.now() - this.startedAt;
    plan.onProgress?.(1 / total, 'baseline heap snapshot');
    const baseline = await this.snapshot('baseline');
    const loopStart = Date.now();
    const growth: LeakGrowthSample[] = [];
    for (let i = 1; i <= plan.iterations; i++) {
      plan.onProgress?.((1 + i) / total, `iteration ${i}/${plan.iterations}`);
      await this.replay(repeated, `iteration ${i}`);
      growth.push({ iteration: i, usedBytes: await this.heap.usedBytes() });
    }
    const iterationsMs = Date.now() - loopStart;
    plan.onProgress?.((plan.iterations + 2) / total, 'target heap snapshot');
    const target = await this.snapshot('target');
    plan.onProgress?.((plan.iterations + 3) / total, 'one more iteration, then the final heap snapshot');
    await this.replay(repeated, 'the final iteration');
    const final = await this.snapshot('final');
    return {
      files: { baseline, target, final },
      growth,
      warmUpMs,
      iterationsMs,
      snapshotMs: this.snapshotMs,
      firstChunkMs: this.firstChunkMs,
      transferMs: this.transferMs,
      snapshotBytes: this.snapshotBytes,
    };
  }

  private async replay(steps: RecorderStep[], what: string): Promise<void> {
    this.checkCancelled();
    const { recording } = this.plan;
    const part: SavedRecording = { ...recording, flow: { ...recording.flow, steps }, timeline: [] };
    const { verdict } = await this.runner.run(part, {
      secrets: this.plan.secrets,
      tabId: this.plan.tabId,
      signal: this.plan.signal,
    });
    this.checkCancelled();
    if (verdict.failedStep)
      throw new ApiError(
        'COMMAND_FAILED',
        `The flow could not be replayed in ${what}: step ${verdict.failedStep.index + 1} (${verdict.failedStep.type}) failed: ${verdict.failedStep.reason}. Check it with replay_recording, then find leaks again.`,
      );
  }

  private async snapshot(name: string): Promise<string> {
    this.checkCancelled();
    const path = join(this.plan.folder, `${name}.heapsnapshot`);
    const taken = await this.heap.snapshot(this.transfers, path, this.plan.maxSnapshotBytes);
    this.snapshotMs += taken.snapshotMs;
    this.firstChunkMs += taken.firstChunkMs;
    this.transferMs += taken.transferMs;
    this.snapshotBytes += taken.bytes;
    return taken.path;
  }

  private checkCancelled(): void {
    if (this.plan.signal?.aborted) throw new ApiError('COMMAND_FAILED', 'The leak check was cancelled.');
  }
}
