import { randomBytes, randomUUID } from 'node:crypto';
import type { BrowserBridge } from '../wire/browserBridge';
import { TraceTransfers } from '../performance/traceTransfers';
import type { RecordedVideo, StoppedVideo, VideoRecorder } from '../recordings/replayRunner';

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 15_000;
/** The encoder's flush and the transfer: a long run's last frames take a moment. */
const VIDEO_TIMEOUT_MS = 60_000;
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

/**
 * Films a replay's tab: `screencast-start` before the first step (frames timed from the run's start),
 * `screencast-stop` after the last step (the still comes back at once), then `screencast-video` in the
 * background, the WebM arriving as `video-chunk` frames before its reply. Videos are fetched one at a
 * time, in run order: a replay that ends while the previous video is encoding queues behind it.
 */
export class ScreencastVideo implements VideoRecorder {
  readonly transfers = new TraceTransfers('video', MAX_VIDEO_BYTES);

  constructor(private readonly bridge: BrowserBridge) {}

  private queue: Promise<unknown> = Promise.resolve();

  async start(
    tabId: number | undefined,
    startedAt: number,
  ): Promise<{ stop(stillStep: number): Promise<StoppedVideo> }> {
    const key = `cast-${randomBytes(6).toString('hex')}`;
    await this.bridge.command(
      'screencast-start',
      { runId: key, startedAt, ...(tabId === undefined ? {} : { tabId }) },
      START_TIMEOUT_MS,
    );
    return { stop: (stillStep) => this.stop(key, stillStep) };
  }

  private async stop(key: string, stillStep: number): Promise<StoppedVideo> {
    const reply = await this.bridge.command('screencast-stop', { runId: key, stillStep }, STOP_TIMEOUT_MS);
    const video = this.queue.then(() => this.fetch(key));
    this.queue = video.catch(() => undefined);
    return {
      video,
      ...(reply.still ? { still: { step: stillStep, jpeg: Buffer.from(reply.still, 'base64') } } : {}),
    };
  }

  private async fetch(key: string): Promise<RecordedVideo> {
    const transferId = randomUUID();
    this.transfers.expect(transferId);
    try {
      const reply = await this.bridge.command('screencast-video', { runId: key, transferId }, VIDEO_TIMEOUT_MS);
      return {
        bytes: this.transfers.take(transferId, reply.chunks),
        mimeType: reply.mimeType,
        width: reply.width,
        height: reply.height,
        frames: reply.frames,
        durationMs: reply.durationMs,
      };
    } finally {
      this.transfers.cancel(transferId);
    }
  }
}
