import assert from 'node:assert/strict';
import { mapTraceScripts } from '../../../../src/connector/performance/traceSourceMaps';
import type { TraceSummary } from '../../../../src/shared/performance';
import type { StackFrame } from '../../../../src/shared/protocol';

function summary(urls: string[]): TraceSummary {
  return {
    reload: false,
    durationMs: 100,
    longTasks: [{ startMs: 0, durationMs: 80, scripts: urls.map((url) => ({ url, line: 1, column: 1 })) }],
    renderBlocking: [],
    insights: [],
  };
}

describe('trace service: the source-map step has a deadline', () => {
  it('a map that never arrives leaves its script unmapped once the deadline passes; reachable ones are mapped', async () => {
    const mapper = {
      mapFrame: (frame: StackFrame) =>
        frame.url.includes('hang')
          ? new Promise<never>(() => undefined)
          : Promise.resolve({ ...frame, original: { source: 'src/app.ts', line: 7, column: 2 } }),
    };
    const traced = summary(['http://127.0.0.1:5173/app.js', 'http://127.0.0.1:5173/hang.js']);
    const started = Date.now();
    await mapTraceScripts(traced, mapper, 300);
    const took = Date.now() - started;
    assert.ok(took >= 250, `settled at the deadline, not before (${took} ms)`);
    const [mapped, hung] = traced.longTasks[0]!.scripts;
    assert.deepEqual(mapped!.source, { path: 'src/app.ts', line: 7, column: 2 });
    assert.equal(hung!.source, undefined);
  });
});
