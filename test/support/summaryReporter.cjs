// Mocha's spec reporter plus one closing line CI can read ("N passed, N failed, N skipped"),
// and a JSON tally for scripts/test.mjs to add up across suites, with each failure's title so the
// run's last lines name it (CI often shows only the tail).
const { reporters, Runner } = require('mocha');
const fs = require('node:fs');

class SummaryReporter extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const failed = [];
    runner.on(Runner.constants.EVENT_TEST_FAIL, (test, error) => {
      const firstLine = String(error?.message ?? error)
        .split('\n')[0]
        .slice(0, 200);
      failed.push(`${test.fullTitle()} (${test.file ?? '?'}): ${firstLine}`);
    });
    runner.once(Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      console.log(`\nmocha: ${passes} passed, ${failures} failed, ${pending} skipped`);
      const file = process.env.TEST_TALLY_FILE;
      if (file)
        fs.appendFileSync(
          file,
          JSON.stringify({ passed: passes, failed: failures, skipped: pending, failedTests: failed }) + '\n',
        );
    });
  }
}

module.exports = SummaryReporter;
