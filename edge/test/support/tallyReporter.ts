import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Adds this run's counts to the root `npm test` tally (scripts/test.mjs reads one JSON line per
 * suite from TEST_TALLY_FILE) and prints the plain closing line CI reads.
 */
export default class TallyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const tally = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tally.passed += 1;
        else if (state === 'failed') tally.failed += 1;
        else tally.skipped += 1;
      }
      // A file that failed to load has no tests to count: it counts as one failure.
      if (module.state() === 'failed' && ![...module.children.allTests()].length) tally.failed += 1;
    }
    if (unhandledErrors.length) tally.failed += unhandledErrors.length;
    console.log(`\nedge: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
    const file = process.env.TEST_TALLY_FILE;
    if (file) appendFileSync(file, JSON.stringify(tally) + '\n');
  }
}
