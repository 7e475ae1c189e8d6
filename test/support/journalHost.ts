/**
 * The VS Code host's connector, in a process a test can `kill -9`: the same runtime module
 * (src/connectorRuntime, `startConnectorWithMcp` with `journalFile`) that ConnectorSession loads in
 * the extension host. Prints `PORT <n>` once it listens. argv: journal file, screenshot folder.
 */
import { startConnectorWithMcp } from '../../src/connectorRuntime';
import { silentLogger } from '../../src/connector/logging/logger';

const [journalFile, screenshotDir] = process.argv.slice(2);
startConnectorWithMcp({ port: 0, screenshots: { dir: screenshotDir! } }, { logger: silentLogger, journalFile }).then(
  (running) => console.log(`PORT ${running.connector.port}`),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
