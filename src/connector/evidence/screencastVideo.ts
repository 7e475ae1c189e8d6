import { randomBytes, randomUUID } from 'node:crypto';
import type { BrowserBridge } from '../browserBridge';
import { TraceTransfers } from '../performance/traceTransfers';
import type { RecordedVideo, VideoRecorder } from '../recordings/replayRunner';

const START_TIMEOUT_MS = 15_000;
/** Encoding finishes in the browser before the reply: a long run's last frames take a moment. */
const STOP_TIMEOUT_MS = 60_000;
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

/**
 * Films a replay's tab: `screencast-start` before the first step (frames timed from the run's start),
 * `screencast-stop` after the verdict, the WebM arriving as `video-chunk` frames before the reply.
 */
export class ScreencastVideo implements VideoRecorder {
  readonly transfers = new TraceTransfers('video', MAX_VIDEO_BYTES);

  constructor(private readonly bridge: BrowserBridge) {}

  async start(
    tabId: number | undefined,
    startedAt: number,
  ): Promise<{ stop(stillStep: number): Promise<RecordedVideo> }> {
    const key = `cast-${randomBytes(6).toString('hex')}`;
    await this.bridge.command(
      'screencast-start',
      { runId: key, startedAt, ...(tabId === undefined ? {} : { tabId }) },
      START_TIMEOUT_MS,
    );
    return { stop: (stillStep) => this.stop(key, stillStep) };
  }

  private async stop(key: string, stillStep: number): Promise<RecordedVideo> {
    const transferId = randomUUID();
    this.transfers.expect(transferId);
    try {
      const reply = await this.bridge.command(
        'screencast-stop',
        { runId: key, transferId, stillStep },
        STOP_TIMEOUT_MS,
      );
      return {
        bytes: this.transfers.take(transferId, reply.chunks),
        mimeType: reply.mimeType,
        width: reply.width,
        height: reply.height,
        frames: reply.frames,
        durationMs: reply.durationMs,
        ...(reply.still ? { still: { step: stillStep, jpeg: Buffer.from(reply.still, 'base64') } } : {}),
      };
    } finally {
      this.transfers.cancel(transferId);
    }
  }
}
