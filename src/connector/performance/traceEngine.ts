/**
 * DevTools' own trace engine (`@paulirish/trace_engine`), loaded on the first trace only: it is large,
 * and most sessions never record one.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TraceEngine from '@paulirish/trace_engine' with { 'resolution-mode': 'import' };

export type ParsedTrace = NonNullable<ReturnType<TraceEngine.TraceModel.Model['parsedTrace']>>;

let engine: Promise<typeof TraceEngine> | undefined;

/** The engine was written for the DevTools front end and builds DOMRects; Node has none. */
function polyfillDomRect(): void {
  const scope = globalThis as { DOMRect?: unknown };
  if (scope.DOMRect) return;
  scope.DOMRect = class DOMRect {
    readonly top: number;
    readonly left: number;
    readonly right: number;
    readonly bottom: number;
    constructor(
      readonly x = 0,
      readonly y = 0,
      readonly width = 0,
      readonly height = 0,
    ) {
      this.top = y;
      this.left = x;
      this.right = x + width;
      this.bottom = y + height;
    }
  };
}

/**
 * The build puts the engine (1.3 MB) in dist/traceEngine.js beside the bundles, which keep it external:
 * connector start and the stdio bin stay as small as before. From sources (tests), node_modules has it.
 */
function importEngine(): Promise<typeof TraceEngine> {
  const bundled = join(__dirname, 'traceEngine.js');
  if (existsSync(bundled)) return Promise.resolve(createRequire(__filename)(bundled) as typeof TraceEngine);
  return import('@paulirish/trace_engine');
}

function loadEngine(): Promise<typeof TraceEngine> {
  polyfillDomRect();
  engine ??= importEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** Parses raw trace events with every handler and insight, as the Performance panel does. */
export async function parseTrace(events: readonly unknown[]): Promise<ParsedTrace> {
  const Trace = await loadEngine();
  const model = Trace.TraceModel.Model.createWithAllHandlers();
  await model.parse(events as TraceEngine.Types.Events.Event[]);
  const parsed = model.parsedTrace();
  if (!parsed) throw new Error('The trace engine found nothing to analyse in this trace.');
  return parsed;
}
