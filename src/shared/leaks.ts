/**
 * A leak verdict from a recording (#34): what `POST /recordings/{id}/leaks` and `find_leaks` answer. Names,
 * retainers and URLs come from the page's heap: they are page data, fenced where a model reads them.
 */
import { z } from 'zod';
import type { RecorderStep } from './recording';

export const MIN_LEAK_ITERATIONS = 3;
export const MAX_LEAK_ITERATIONS = 20;
export const DEFAULT_LEAK_ITERATIONS = 5;

/** Steps that set the page up: a flow that starts with them runs them once, before the loop. */
const SET_UP = new Set(['setViewport', 'navigate']);

/**
 * The steps a leak loop repeats (the check, and the Playwright export's leak assertion): those after the
 * flow's leading set-up, since a reload would free the leak.
 */
export function repeatedSteps(steps: readonly RecorderStep[]): RecorderStep[] {
  let first = 0;
  while (first < steps.length && SET_UP.has(steps[first]!.type)) first++;
  return steps.slice(first);
}

export const leakRequestSchema = z.strictObject({
  iterations: z
    .number()
    .int()
    .min(MIN_LEAK_ITERATIONS)
    .max(MAX_LEAK_ITERATIONS)
    .optional()
    .describe(
      `How many times the flow repeats after its warm-up (${MIN_LEAK_ITERATIONS}..${MAX_LEAK_ITERATIONS}, default ${DEFAULT_LEAK_ITERATIONS}).`,
    ),
  keep: z
    .boolean()
    .optional()
    .describe('Keep the three heap snapshots (their paths are in the answer) instead of deleting them.'),
});
export type LeakRequest = z.infer<typeof leakRequestSchema>;

/** Where the closure or listener that keeps a group was written: the script, and its source when mapped. */
export interface LeakLocation {
  /** The script's URL, as the heap snapshot names it. */
  url: string;
  /** The original source (`src/…`) when a source map maps it; else the script's URL. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface LeakGroup {
  /** A constructor, `name()` for a closure, or `Detached <tag>`. */
  name: string;
  perIteration: number;
  retainedBytes: number;
  /** From the GC root down to the object, shortened. */
  retainers: string[];
  location?: LeakLocation;
}

export interface LeakPhases {
  warmUpMs: number;
  iterationsMs: number;
  /** The three snapshots, each from its forced GC to its file closed. */
  snapshotMs: number;
  /** Of which: from `takeHeapSnapshot` to the first chunk (V8 builds its graph before it writes any). */
  firstChunkMs: number;
  /** Of which: from the first chunk to the file closed (V8 writing, the socket, our parse, the disk). */
  transferMs: number;
  snapshotBytes: number;
  analysisMs: number;
}

/** The page's JS heap after a forced GC, at the end of one iteration (`Runtime.getHeapUsage`). */
export interface LeakGrowthSample {
  /** 1-based. */
  iteration: number;
  usedBytes: number;
}

export interface LeakReport {
  verdict: 'leak' | 'no-leak';
  recordingId: string;
  iterations: number;
  growthPerIteration: { objects: number; bytes: number };
  /** One sample per iteration: a leak climbs, a clean flow stays flat. */
  growth: LeakGrowthSample[];
  leaks: LeakGroup[];
  durationMs: number;
  /** Where the time went, for the benchmark and the curious. */
  phases: LeakPhases;
  /** The URL the tab was returned to. */
  url?: string;
  /** The snapshots' paths, when kept. */
  snapshots?: string[];
}
