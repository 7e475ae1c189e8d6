/**
 * Where in the tab a capture was made, when not in the top page: a frame (same- or cross-origin iframe)
 * or a worker. Absent means the top page. The URL is the one the browser reports for that frame or
 * worker (a content script's `sender.url`, a worker target's URL), never a URL the page claimed.
 */
import { z } from 'zod';
import { text } from './fieldSchemas';

export const CONTEXT_KINDS = ['frame', 'worker', 'shared_worker', 'service_worker'] as const;

export const captureContextSchema = z
  .object({
    kind: z.enum(CONTEXT_KINDS),
    url: text().describe('the frame’s document URL, or the worker’s script URL'),
  })
  .describe('the frame or worker the capture came from; absent for the top page');

export type CaptureContext = z.infer<typeof captureContextSchema>;

/** How answers name a context: `iframe https://pay.example.test/form`, `service worker /sw.js`. */
export function contextLabel(context: CaptureContext): string {
  const kind = { frame: 'iframe', worker: 'worker', shared_worker: 'shared worker', service_worker: 'service worker' };
  return `${kind[context.kind]} ${context.url}`;
}

/** The values a `context` filter takes: the top page, or one kind of frame or worker. */
export const CONTEXT_FILTERS = ['page', ...CONTEXT_KINDS] as const;
export type ContextFilter = (typeof CONTEXT_FILTERS)[number];

/** Whether a capture was made where the filter asks (no filter: anywhere). */
export function inContext(entry: { context?: CaptureContext }, wanted: ContextFilter | undefined): boolean {
  if (wanted === undefined) return true;
  return wanted === 'page' ? !entry.context : entry.context?.kind === wanted;
}
