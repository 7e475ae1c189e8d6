import assert from 'node:assert/strict';
import ts from 'typescript';
import { exportRecording } from '../../../../../src/connector/recordings/export/exportRecording';
import type { SavedRecording } from '../../../../../src/connector/recordings/recordingLibrary';

const HOSTILE = "'); require('child_process').exec('x'); ('";

function recording(steps: SavedRecording['flow']['steps']): SavedRecording {
  return {
    id: 'rec-0123456789ab',
    title: 'open and close',
    startedAt: 1,
    flow: { title: 'open and close', steps },
    timeline: [],
  };
}

const PANEL = recording([
  {
    type: 'setViewport',
    width: 800,
    height: 600,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    isLandscape: false,
  },
  { type: 'navigate', url: 'http://127.0.0.1:4100/leaks/leaky.html' },
  { type: 'click', selectors: [['#open']], offsetX: 5, offsetY: 5 },
  { type: 'change', value: HOSTILE, selectors: [['#note']] },
  { type: 'click', selectors: [['#close']], offsetX: 5, offsetY: 5 },
]);

describe('export_recording leakCheck: the Playwright leak assertion', () => {
  it('loops the steps after the page loads (warm-up + N), with GC and heap counts around the loops', async () => {
    const exported = await exportRecording(PANEL, 'playwright', { leakCheck: 5 });
    const { text } = exported;
    const lines = text.split('\n').map((line) => line.trim());
    const loop = lines.indexOf('for (let loop = 0; loop <= leakLoops; loop++) {');
    assert.ok(
      loop > lines.findIndex((line) => line.startsWith('await page.goto(')),
      'the navigation runs once, before',
    );
    assert.ok(lines.includes('const leakLoops = 5;'));
    assert.ok(lines.includes("await cdp.send('HeapProfiler.collectGarbage');"));
    assert.ok(lines.includes("const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');"));
    assert.ok(lines.includes("const { usedSize } = await cdp.send('Runtime.getHeapUsage');"));
    const close = lines.indexOf('const leakAfter = await heapCounts();');
    const inLoop = lines.slice(loop, close).join('\n');
    assert.match(inLoop, /#open[\s\S]*#note[\s\S]*#close/, 'every repeated step is inside the loop');
    assert.match(lines.slice(close).join('\n'), /toBeLessThan\(leakLoops \* 65536\)/);
    assert.ok(
      exported.checks.some((check) => /after 5 loops/.test(check)),
      exported.checks.join('\n'),
    );
    assert.deepEqual(
      ts.transpileModule(text, { reportDiagnostics: true }).diagnostics?.map((d) => d.messageText),
      [],
    );
    // The typed value is a literal (jsLiteral), never code.
    assert.ok(text.includes(JSON.stringify(HOSTILE)));
    assert.doesNotMatch(text, /^\s*require\(/m);
  });

  it('adds nothing without leakCheck', async () => {
    const { text } = await exportRecording(PANEL, 'playwright');
    assert.doesNotMatch(text, /leakLoops|newCDPSession/);
  });

  it('refuses it for other formats, out of range, and for a flow that only navigates, saying what to do', async () => {
    await assert.rejects(exportRecording(PANEL, 'cypress', { leakCheck: 5 }), /Playwright export only/);
    await assert.rejects(exportRecording(PANEL, 'playwright', { leakCheck: 2 }), /3 to 20/);
    await assert.rejects(exportRecording(PANEL, 'playwright', { leakCheck: Number.NaN }), /leakCheck/);
    const navigates = recording([{ type: 'navigate', url: 'http://127.0.0.1:4100/' }]);
    await assert.rejects(exportRecording(navigates, 'playwright', { leakCheck: 5 }), /only navigates/);
  });
});
