/**
 * Visual changes of a replay: each step's screenshot against the recording's baseline, the changed regions
 * merged into boxes, each named by the element under its centre and the component that rendered it.
 * The element and component names were written by the page: data, fenced wherever they reach a model.
 */
import { z } from 'zod';

/** A region of the viewport, in CSS px. */
export const visualBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type VisualBox = z.infer<typeof visualBoxSchema>;

export const visualComponentSchema = z.object({
  name: z.string().max(500),
  /** As shown: `src/Checkout.tsx:42`. */
  source: z.string().max(4000).optional(),
  /** Absolute path on this machine, for editors. */
  file: z.string().max(4000).optional(),
  line: z.number().int().nonnegative().optional(),
});
export type VisualComponent = z.infer<typeof visualComponentSchema>;

export const visualChangeSchema = z.object({
  /** The step (index into the flow's steps) after which the screenshot was taken. */
  step: z.number().int().nonnegative(),
  box: visualBoxSchema,
  /** The element under the box's centre, short: `<button.buy>`. */
  element: z.string().max(500),
  selector: z.string().max(4000).optional(),
  /** The nearest component that rendered it, when a framework exposes one. */
  component: visualComponentSchema.nullable(),
  /** How many pixels changed in the box. */
  pixels: z.number().int().nonnegative(),
});
export type VisualChange = z.infer<typeof visualChangeSchema>;

/** What a replay says about its screenshots, beside its verdict. */
export const visualReportSchema = z.object({
  /** `compared`: against the baseline; `baseline`: this run became it; `none`: no baseline yet, not kept. */
  state: z.enum(['compared', 'baseline', 'none', 'off']),
  /** When the baseline's run started (ms since the epoch). */
  baselineAt: z.number().optional(),
  stepsCompared: z.number().int().nonnegative(),
  /** Why a step was not compared, or shots failed: plain words. */
  notes: z.array(z.string().max(1000)).max(20),
});
export type VisualReport = z.infer<typeof visualReportSchema>;

/** The screenshot a replay takes after a step: the `visual-shot` command's reply. */
export interface VisualShotReply {
  /** Two viewport PNGs as data URLs, `gapMs` apart: what differs between them is dynamic and masked. */
  shots: [string, string];
  /** CSS px → image px. */
  scale: number;
}
