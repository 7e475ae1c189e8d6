/**
 * DevTools' own trace engine (`@paulirish/trace_engine`), loaded on the first trace only: it is large,
 * and most sessions never record one.
 */
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

function loadEngine(): Promise<typeof TraceEngine> {
  polyfillDomRect();
  engine ??= import('@paulirish/trace_engine');
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
