import { CommandError } from '../commandError';
import { ENCODER_TARGET, type EncodedVideo, type EncoderMessage, type EncoderReply } from './encoderMessages';

type Op = EncoderMessage extends infer M ? (M extends EncoderMessage ? Omit<M, 'target' | 'id'> : never) : never;

const DOCUMENT = 'offscreen.html';
let creating: Promise<void> | undefined;

/** The one offscreen document of the extension, where WebCodecs encodes replay videos. */
async function ensureDocument(): Promise<void> {
  const url = chrome.runtime.getURL(DOCUMENT);
  const open = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [url],
  });
  if (open.length) return;
  creating ??= chrome.offscreen
    .createDocument({
      url: DOCUMENT,
      reasons: [chrome.offscreen.Reason.BLOBS],
      justification: 'Encodes the video of a replay (WebCodecs) from the tab screencast frames.',
    })
    .finally(() => (creating = undefined));
  await creating;
}

/** Asks the encoder for one thing about video `id`; a refusal becomes a CommandError. */
export async function encoder(id: string, op: Op): Promise<EncodedVideo | undefined> {
  await ensureDocument();
  const reply = (await chrome.runtime.sendMessage({ target: ENCODER_TARGET, id, ...op })) as EncoderReply | undefined;
  if (!reply) throw new CommandError('VIDEO_FAILED', 'The video encoder did not answer. Replay again.');
  if (!reply.ok) throw new CommandError('VIDEO_FAILED', `The video failed: ${reply.error}. Replay again.`);
  return reply.video;
}

/** Sends a frame without waiting: the encoder keeps them in order. */
export function encodeFrame(id: string, jpeg: string, atMs: number): void {
  void chrome.runtime.sendMessage({ target: ENCODER_TARGET, id, op: 'frame', jpeg, atMs }).catch(() => undefined);
}
