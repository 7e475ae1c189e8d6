import type { Schema } from '@puppeteer/replay';

/**
 * Recorder's `frame` (child indexes from the top frame down) as the exports write it: only non-negative
 * integers, each written from `Number`, so nothing a flow holds there can become code. The flow parser
 * (@puppeteer/replay) already refuses a `frame` that is not an integer array.
 */
export function framePath(frame: unknown): number[] {
  if (!Array.isArray(frame)) return [];
  return frame.map(Number).filter((index) => Number.isInteger(index) && index >= 0);
}

/** Whether any step of the flow is in a frame (the exports then add their frame helpers). */
export function hasFrameSteps(flow: Schema.UserFlow): boolean {
  return flow.steps.some((step) => framePath((step as { frame?: unknown }).frame).length > 0);
}
