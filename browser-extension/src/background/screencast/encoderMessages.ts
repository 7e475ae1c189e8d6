/** Messages between the worker and the offscreen document that encodes replay videos (WebCodecs is not in workers of this kind). */
export const ENCODER_TARGET = 'browser-debug-video-encoder';

export type EncoderMessage = { target: typeof ENCODER_TARGET; id: string } & (
  | { op: 'open'; bitrate: number }
  /** `jpeg`: base64 of one screencast frame; `atMs`: its time on the run's clock. */
  | { op: 'frame'; jpeg: string; atMs: number }
  | { op: 'close'; endMs: number }
  | { op: 'abort' }
);

export interface EncodedVideo {
  /** base64 of the WebM file. */
  data: string;
  mimeType: string;
  width: number;
  height: number;
  frames: number;
  durationMs: number;
}

export type EncoderReply = { ok: true; video?: EncodedVideo } | { ok: false; error: string };

export function isEncoderMessage(message: unknown): message is EncoderMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    'target' in message &&
    message.target === ENCODER_TARGET &&
    'id' in message &&
    typeof message.id === 'string'
  );
}
