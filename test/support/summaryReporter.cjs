// Mocha's spec reporter plus one closing line CI can read ("N passed, N failed, N skipped"),
// and a JSON tally for scripts/test.mjs to add up across suites.
const { reporters, Runner } = require('mocha');
const fs = require('node:fs');

class SummaryReporter extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      console.log(`\nmocha: ${passes} passed, ${failures} failed, ${pending} skipped`);
      const file = process.env.TEST_TALLY_FILE;
      if (file) fs.appendFileSync(file, JSON.stringify({ passed: passes, failed: failures, skipped: pending }) + '\n');
    });
  }
}

module.exports = SummaryReporter;
