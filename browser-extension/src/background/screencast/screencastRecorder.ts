import type { CommandHandlers, ScreencastReply, ScreencastStopReply } from '../../../../src/shared/browserCommands';
import { actionSession, type ActionSession, type EventParams } from '../actions/actionSession';
import { CommandError } from '../commandError';
import type { FrameSender } from '../performance/traceUpload';
import { targetTab } from '../targetTab';
import { encodeFrame, encoder } from './encoderClient';
import type { EncodedVideo } from './encoderMessages';

/** About 0.5 MB per 10 s: under the 1 MB target for a 1280×800 tab with room for busy pages. */
const BITRATE = 400_000;
const CHUNK_CHARS = 1024 * 1024;
const MAX_SIZE = { maxWidth: 1280, maxHeight: 800 };
/**
 * The renderer's JPEG of each frame: VP8 at 400 kbit/s re-encodes it anyway, so 50 (was 70) loses nothing
 * the video keeps, and each frame is smaller to encode, message and decode while steps run.
 */
const JPEG_QUALITY = 50;
/**
 * At most 5 frames a second: the ack of a frame is held back until this long after the previous one,
 * and Chrome sends no new frame before the ack, so the page's renderer does not encode frames no one keeps.
 */
const FRAME_INTERVAL_MS = 200;

interface Cast {
  runId: string;
  startedAt: number;
  session: ActionSession;
  off: () => void;
  /** The newest frame (base64 JPEG): what the tab shows now. */
  last?: string;
  /** The frame shown when each replay step ended, in step order. */
  stills: (string | undefined)[];
  /** When the last frame was acknowledged (epoch ms). */
  ackedAt: number;
}

const casts = new Map<string, Cast>();
/** Stopped screencasts whose encoder is finishing (flush, mux), until `screencast-video` takes them. */
const finishing = new Map<string, Promise<EncodedVideo | undefined>>();
let sendFrame: FrameSender | undefined;

/** The worker's link to the connector, for the video's chunks. */
export function useVideoFrameSender(sender: FrameSender): void {
  sendFrame = sender;
}

/** A replay step ended in `tabId`: the picture it left is that step's still. */
export function screencastStepEnded(tabId: number | undefined): void {
  for (const cast of casts.values())
    if (tabId === undefined || cast.session.tabId === tabId) cast.stills.push(cast.last);
}

function onFrame(cast: Cast, params: EventParams): void {
  const wait = Math.max(0, cast.ackedAt + FRAME_INTERVAL_MS - Date.now());
  cast.ackedAt = Date.now() + wait;
  const ack = () =>
    void cast.session.send('Page.screencastFrameAck', { sessionId: params.sessionId }).catch(() => undefined);
  if (wait) setTimeout(ack, wait);
  else ack();
  const data = String(params.data);
  cast.last = data;
  const at = typeof params.metadata?.timestamp === 'number' ? params.metadata.timestamp * 1000 : Date.now();
  encodeFrame(cast.runId, data, Math.max(0, at - cast.startedAt));
}

/** Streams the finished video to the connector as `video-chunk` frames. */
function upload(data: string, transferId: string): number {
  if (!sendFrame) throw new CommandError('NOT_CONNECTED', 'Videos go to the local connector only.');
  let chunks = 0;
  for (let offset = 0; offset < data.length; offset += CHUNK_CHARS) {
    const sent = sendFrame({
      type: 'video-chunk',
      transferId,
      index: chunks++,
      data: data.slice(offset, offset + CHUNK_CHARS),
    });
    if (!sent)
      throw new CommandError('NOT_CONNECTED', 'The connection to the connector closed while the video was sent.');
  }
  return chunks;
}

/** Stops filming and starts the encoder's flush, answering the step's still at once. */
async function stop(args: { runId: string; stillStep: number }): Promise<ScreencastStopReply> {
  const cast = casts.get(args.runId);
  if (!cast) throw new CommandError('NOT_FOUND', `No screencast runs for ${args.runId}.`);
  casts.delete(args.runId);
  cast.off();
  await cast.session.send('Page.stopScreencast').catch(() => undefined);
  cast.session.unpin(`screencast:${args.runId}`);
  const video = encoder(args.runId, { op: 'close', endMs: Date.now() - cast.startedAt });
  // Taken by `screencast-video`; a rejection is answered there, never left unhandled.
  video.catch(() => undefined);
  finishing.set(args.runId, video);
  const still = cast.stills[args.stillStep] ?? cast.last;
  return still ? { still } : {};
}

/** Waits for a stopped screencast's encoder and streams its WebM to the connector. */
async function sendVideo(args: { runId: string; transferId: string }): Promise<ScreencastReply> {
  const pending = finishing.get(args.runId);
  if (!pending) throw new CommandError('NOT_FOUND', `No stopped screencast ${args.runId}: stop it first.`);
  finishing.delete(args.runId);
  const video = await pending;
  if (!video) throw new CommandError('VIDEO_FAILED', 'The encoder answered no video. Replay again.');
  // Chunks cut at a multiple of 4 base64 characters decode on their own: the connector joins the parts.
  const chunks = upload(video.data, args.transferId);
  return {
    chunks,
    bytes: Math.floor((video.data.length * 3) / 4),
    mimeType: video.mimeType,
    width: video.width,
    height: video.height,
    frames: video.frames,
    durationMs: video.durationMs,
  };
}

/** Records a replay's tab with `Page.startScreencast` through the tab's one debugger session. */
export const screencastCommands: Pick<CommandHandlers, 'screencast-start' | 'screencast-stop' | 'screencast-video'> = {
  'screencast-start': async ({ runId, startedAt, tabId }) => {
    if (casts.has(runId)) throw new CommandError('INVALID_ARGUMENT', `A screencast for ${runId} runs already.`);
    const tab = await targetTab(tabId);
    const session = await actionSession(tab.id!);
    session.pin(`screencast:${runId}`);
    await encoder(runId, { op: 'open', bitrate: BITRATE });
    const cast: Cast = { runId, startedAt, session, off: () => undefined, stills: [], ackedAt: 0 };
    cast.off = session.on('Page.screencastFrame', (params) => onFrame(cast, params));
    casts.set(runId, cast);
    try {
      await session.send('Page.startScreencast', { format: 'jpeg', quality: JPEG_QUALITY, ...MAX_SIZE });
    } catch (error) {
      casts.delete(runId);
      cast.off();
      session.unpin(`screencast:${runId}`);
      await encoder(runId, { op: 'abort' }).catch(() => undefined);
      throw error;
    }
    return { tabId: tab.id! };
  },
  'screencast-stop': stop,
  'screencast-video': sendVideo,
};
