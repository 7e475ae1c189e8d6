import type { LineWriter } from '@puppeteer/replay';

/**
 * The Playwright export's leak assertion (#34, `leakCheck`): the steps after the page loads run in a loop, once
 * to warm up and then `loops` times; after a forced GC before and after those loops, DOM nodes and event
 * listeners (`Memory.getDOMCounters`) must grow by less than one per loop, and the JS heap
 * (`Runtime.getHeapUsage`) by less than {@link HEAP_BYTES_PER_LOOP} per loop. Everything it writes is fixed
 * text and the loop count (a validated integer): nothing of the page reaches this code.
 *
 * The heap's tolerance is wide on purpose: JIT code and feedback grow while the loops run (a clean panel flow
 * measured +144 KB over 5 loops under Playwright), so the heap check catches big leaks and the DOM and listener
 * counts catch the classic ones exactly.
 */
export const HEAP_BYTES_PER_LOOP = 64 * 1024;

/** The string text these lines hold, for the export's literal audit. */
export const LEAK_CHECK_TEXT: readonly string[] = [
  'HeapProfiler.collectGarbage',
  'Memory.getDOMCounters',
  'Runtime.getHeapUsage',
  'DOM nodes kept over ',
  'event listeners kept over ',
  'JS heap bytes kept over ',
  ' loops',
];

/** Opens the loop, before the first repeated step. */
export function openLeakLoop(out: LineWriter, loops: number): void {
  out.appendLine('');
  out.appendLine('// Leak check: the steps below run once to warm up, then `leakLoops` times. After a forced GC,');
  out.appendLine('// DOM nodes and listeners must grow by less than one per loop, the JS heap by under 64 KB a loop.');
  out.appendLine(`const leakLoops = ${loops};`);
  out.appendLine('const cdp = await page.context().newCDPSession(page);');
  out.appendLine('const heapCounts = async () => {').startBlock();
  out.appendLine("await cdp.send('HeapProfiler.collectGarbage');");
  out.appendLine("const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');");
  out.appendLine("const { usedSize } = await cdp.send('Runtime.getHeapUsage');");
  out.appendLine('return { nodes, listeners: jsEventListeners, heapBytes: usedSize };');
  out.endBlock().appendLine('};');
  out.appendLine('let leakBaseline = { nodes: 0, listeners: 0, heapBytes: 0 };');
  out.appendLine('for (let loop = 0; loop <= leakLoops; loop++) {').startBlock();
  out.appendLine('if (loop === 1) leakBaseline = await heapCounts();');
}

/** Closes the loop and asserts the counts, before the regression checks. */
export function closeLeakLoop(out: LineWriter): void {
  out.endBlock().appendLine('}');
  out.appendLine('const leakAfter = await heapCounts();');
  out.appendLine(
    'expect(leakAfter.nodes - leakBaseline.nodes, `DOM nodes kept over ${leakLoops} loops`).toBeLessThan(leakLoops);',
  );
  out.appendLine(
    'expect(leakAfter.listeners - leakBaseline.listeners, `event listeners kept over ${leakLoops} loops`).toBeLessThan(leakLoops);',
  );
  out.appendLine(
    `expect(leakAfter.heapBytes - leakBaseline.heapBytes, \`JS heap bytes kept over \${leakLoops} loops\`).toBeLessThan(leakLoops * ${HEAP_BYTES_PER_LOOP});`,
  );
}
