// Every mocha run gets its own state folder, so tests never read or write the user's real per-user
// secret and pairings (~/.local/state/browser-debug), and every process the run starts (spawned
// connectors, the stdio bin, code-server's extension host) finds the same secret as the test itself.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

if (!process.env.BROWSER_DEBUG_TEST_STATE) {
  const folder = mkdtempSync(join(tmpdir(), 'bd-state-'));
  process.env.BROWSER_DEBUG_TEST_STATE = folder;
  process.env.XDG_STATE_HOME = folder;
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
}
