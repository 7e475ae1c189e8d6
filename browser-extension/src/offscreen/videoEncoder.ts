import { BufferTarget, Output, VideoSample, VideoSampleSource, WebMOutputFormat } from 'mediabunny';
import {
  isEncoderMessage,
  type EncodedVideo,
  type EncoderMessage,
  type EncoderReply,
} from '../background/screencast/encoderMessages';

/** A replay's frames can keep coming after a failed add: one failure is enough to report. */
const LAST_FRAME_MS = 1000 / 30;

/** The frame's bytes, decoded natively (a per-character callback cost a few ms a frame on a busy machine). */
async function jpegBlob(base64: string): Promise<Blob> {
  return (await fetch(`data:image/jpeg;base64,${base64}`)).blob();
}

/**
 * One replay's video: JPEG screencast frames decoded and encoded as VP8 by WebCodecs (mediabunny's
 * VideoSampleSource drives the VideoEncoder) and muxed into WebM in memory. Frames keep the run's clock:
 * the first is shown from 0, each later one at its own time, the last held until the run ended.
 */
class Encoding {
  private readonly output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  private readonly source: VideoSampleSource;
  private chain: Promise<void>;
  private failed: string | undefined;
  private last: Blob | undefined;
  private lastAt = -1;
  private frames = 0;
  private width = 0;
  private height = 0;

  constructor(bitrate: number) {
    // Realtime: libvpx's fast mode keeps up with the tab on a busy machine (quality mode fell 3× behind).
    this.source = new VideoSampleSource({
      codec: 'vp8',
      bitrate,
      keyFrameInterval: 2,
      sizeChangeBehavior: 'contain',
      latencyMode: 'realtime',
    });
    this.output.addVideoTrack(this.source);
    this.chain = this.output.start();
  }

  frame(jpeg: string, atMs: number): void {
    this.chain = this.chain
      .then(async () => this.add(await jpegBlob(jpeg), this.frames === 0 ? 0 : atMs))
      .catch((error: unknown) => {
        this.failed ??= String(error);
      });
  }

  private async add(blob: Blob, atMs: number, durationMs?: number): Promise<void> {
    if (this.failed) return;
    const bitmap = await createImageBitmap(blob);
    try {
      if (!this.frames) [this.width, this.height] = [bitmap.width, bitmap.height];
      const at = Math.max(atMs, this.lastAt + 1);
      const sample = new VideoSample(bitmap, {
        timestamp: at / 1000,
        ...(durationMs ? { duration: durationMs / 1000 } : {}),
      });
      await this.source.add(sample);
      sample.close();
      this.frames++;
      this.last = blob;
      this.lastAt = at;
    } finally {
      bitmap.close();
    }
  }

  async close(endMs: number): Promise<EncodedVideo> {
    await this.chain;
    if (this.failed) throw new Error(`the video could not be encoded: ${this.failed}`);
    if (!this.last) throw new Error('the tab sent no frame during the replay');
    // The last picture stays until the run ended, so the video lasts as long as the run.
    const holdAt = endMs - LAST_FRAME_MS;
    if (holdAt > this.lastAt) await this.add(this.last, holdAt, LAST_FRAME_MS);
    await this.output.finalize();
    const buffer = new Uint8Array(this.output.target.buffer!);
    let binary = '';
    for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
    return {
      data: btoa(binary),
      mimeType: 'video/webm',
      width: this.width,
      height: this.height,
      frames: this.frames,
      durationMs: Math.round(this.lastAt + LAST_FRAME_MS),
    };
  }

  async abort(): Promise<void> {
    await this.output.cancel().catch(() => undefined);
  }
}

const encodings = new Map<string, Encoding>();

async function handle(message: EncoderMessage): Promise<EncoderReply> {
  const encoding = encodings.get(message.id);
  switch (message.op) {
    case 'open':
      encodings.set(message.id, new Encoding(message.bitrate));
      return { ok: true };
    case 'frame':
      encoding?.frame(message.jpeg, message.atMs);
      return { ok: true };
    case 'close':
      if (!encoding) return { ok: false, error: 'no video is being encoded under this id' };
      encodings.delete(message.id);
      return { ok: true, video: await encoding.close(message.endMs) };
    case 'abort':
      encodings.delete(message.id);
      await encoding?.abort();
      return { ok: true };
  }
}

chrome.runtime.onMessage.addListener((message: unknown, _sender, respond: (reply: EncoderReply) => void) => {
  if (!isEncoderMessage(message)) return false;
  handle(message).then(respond, (error: unknown) =>
    respond({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
  return true;
});
