import type { CaptureEvent, StackFrame } from '../../../src/shared/protocol';
import type { OlderSocketFrameRun, PageCapture, RequestInitiator, SocketFrameRun } from '../common/messages';
import { utf8Length, WS_TEXT_HEAD, type WebSocketEvent } from '../../../src/shared/websockets';
import { formatFrame, formatStack, parseStack } from '../../../src/shared/stackFrames';

const MAX_FRAMES = 20;

/**
 * Turns the page hook's raw captures into protocol events: stacks are parsed here, in the worker. The batch's
 * fetch/XHR initiators go to `onInitiator`, in order, rather than into the events.
 * `frameUrl` is the URL the browser reports for the frame that sent the batch (the port's `sender.url`):
 * each capture's page URL is checked against it (see trustedPageUrl), because the page hook's events can
 * be forged by any script in the page.
 */
export function fromPage(
  json: string,
  onInitiator?: (initiator: RequestInitiator) => void,
  frameUrl?: string,
): CaptureEvent[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  // A stack marked the same as the one before it is parsed once.
  let previous: { text?: string; frames: StackFrame[] } = { frames: [] };
  const framesOf = (text: string | undefined): StackFrame[] => {
    if (text !== previous.text) previous = { text, frames: parseStack(text).slice(0, MAX_FRAMES) };
    return previous.frames;
  };
  const captures: Exclude<PageCapture, RequestInitiator | SocketFrameRun>[] = [];
  // A capture without a page URL was made on the one before it (the hook sends a run of equal URLs once).
  let pageUrl: string | undefined;
  for (const capture of raw as (PageCapture | OlderSocketFrameRun)[]) {
    if (!capture || typeof capture !== 'object') continue;
    if (capture.type === 'initiator') {
      const initiator = absoluteInitiator(capture);
      if (initiator) onInitiator?.(initiator);
      continue;
    }
    if (typeof capture.url === 'string') pageUrl = capture.url;
    else if (pageUrl !== undefined) capture.url = pageUrl;
    if (frameUrl !== undefined) capture.url = trustedPageUrl(capture.url, frameUrl);
    if (capture.type === 'websocket-run' || capture.type === 'websocket-frames')
      for (const frame of framesOfRun(capture)) captures.push(frame);
    else captures.push(capture);
  }
  return captures.map((capture) => {
    if (capture.type === 'console-log' && capture.sameStack) capture = { ...capture, stackText: previous.text };
    return toEvent(capture, capture.type === 'websocket' ? [] : framesOf(capture.stackText));
  });
}

/**
 * The page URL a capture is filed under: what the page hook said only when it is on the origin the browser
 * reports for the frame (a single-page app's path changes after the port opened); otherwise, and always for
 * a non-http(s) frame such as `file:`, the browser's own. A script that forges `url: "file:///index.html"` or
 * `"http://10.0.0.1/"` gets the frame's real URL, so the connector's source maps, file reads and scope follow
 * what the browser saw.
 */
export function trustedPageUrl(claimed: unknown, frameUrl: string): string {
  if (typeof claimed !== 'string' || claimed === frameUrl) return frameUrl;
  try {
    const frame = new URL(frameUrl);
    if (frame.protocol !== 'http:' && frame.protocol !== 'https:') return frameUrl;
    return new URL(claimed).origin === frame.origin ? claimed : frameUrl;
  } catch {
    return frameUrl;
  }
}

/**
 * An initiator with its request's URL as webRequest reports it (absolute and normalised), or undefined: the page
 * hook sends the URL as the page passed it, with the base URL when it is relative.
 */
function absoluteInitiator(capture: RequestInitiator): RequestInitiator | undefined {
  const { url, base, method, stackText } = capture;
  if (typeof url !== 'string' || typeof method !== 'string') return undefined;
  try {
    const href = new URL(url, base === undefined ? undefined : String(base)).href;
    return { type: 'initiator', url: href, method, stackText: typeof stackText === 'string' ? stackText : undefined };
  } catch {
    return undefined;
  }
}

/**
 * A run's frames as events: three values a frame (see SocketFrameRun), the size counted here, or four from an
 * earlier build's hook (OlderSocketFrameRun), its size given. A malformed frame is left out, and a text longer
 * than the page hook puts in a run (page script can forge one) is cut to the head.
 */
export function framesOfRun(run: SocketFrameRun | OlderSocketFrameRun): WebSocketEvent[] {
  const { connectionId, socketUrl, timestamp, url, frames } = run;
  if (!Array.isArray(frames) || typeof timestamp !== 'number') return [];
  const older = run.type === 'websocket-frames';
  const stride = older ? 4 : 3;
  const events: WebSocketEvent[] = [];
  for (let i = 0; i + stride - 1 < frames.length; i += stride) {
    const after = frames[i + 1];
    const text = frames[i + stride - 1];
    if (typeof after !== 'number' || typeof text !== 'string') continue;
    const size = older ? frames[i + 2] : utf8Length(text);
    if (typeof size !== 'number') continue;
    events.push({
      type: 'websocket',
      event: 'frame',
      connectionId,
      socketUrl,
      direction: frames[i] === 1 ? 'received' : 'sent',
      opcode: 1,
      size,
      text: text.length > WS_TEXT_HEAD ? text.slice(0, WS_TEXT_HEAD) : text,
      timestamp: timestamp + after,
      url,
    });
  }
  return events;
}

function toEvent(capture: Exclude<PageCapture, RequestInitiator | SocketFrameRun>, parsed: StackFrame[]): CaptureEvent {
  if (capture.type === 'websocket') return capture;
  if (capture.type === 'console-log') {
    const frames = [...parsed];
    const { stackText: _stack, sameStack: _same, ...rest } = capture;
    return { ...rest, source: frames[0] ? formatFrame(frames[0]) : undefined, stack: formatStack(frames), frames };
  }
  const frames = parsed.length ? [...parsed] : capture.fallback ? [capture.fallback] : [];
  const top = frames[0];
  const { stackText, fallback: _fallback, ...rest } = capture;
  return {
    ...rest,
    stack: stackText ?? (frames.length ? formatStack(frames).join('\n') : undefined),
    frames,
    source: top ? formatFrame(top) : undefined,
  };
}
