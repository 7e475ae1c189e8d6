import type { CaptureEvent } from '../../../src/shared/protocol';
import type { PageCapture } from '../common/messages';
import { formatFrame, formatStack, parseStack } from '../../../src/shared/stackFrames';

const MAX_FRAMES = 20;

/** Turns the page hook's raw captures into protocol events: stacks are parsed here, in the worker. */
export function fromPage(json: string): CaptureEvent[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return (raw as PageCapture[]).filter((capture) => capture && typeof capture === 'object').map(toEvent);
}

function toEvent(capture: PageCapture): CaptureEvent {
  if (capture.type === 'websocket') return capture;
  if (capture.type === 'console-log') {
    const frames = parseStack(capture.stackText).slice(0, MAX_FRAMES);
    const { stackText: _stack, ...rest } = capture;
    return { ...rest, source: frames[0] ? formatFrame(frames[0]) : undefined, stack: formatStack(frames), frames };
  }
  const parsed = parseStack(capture.stackText).slice(0, MAX_FRAMES);
  const frames = parsed.length ? parsed : capture.fallback ? [capture.fallback] : [];
  const top = frames[0];
  const { stackText, fallback: _fallback, ...rest } = capture;
  return {
    ...rest,
    stack: stackText ?? (frames.length ? formatStack(frames).join('\n') : undefined),
    frames,
    source: top ? formatFrame(top) : undefined,
  };
}
