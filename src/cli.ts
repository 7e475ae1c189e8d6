#!/usr/bin/env node
/** `npm start`: the connector on its own, for use without VS Code. */
import { AlreadyRunningError } from './connector/connector';
import { configFromEnvironment, journalFromEnvironment } from './connector/config/envConfig';
import { guardStartup } from './connector/startup/startupGuard';
import { isLogThreshold, streamLogger } from './connector/logging/streamLogger';
import { startConnectorWithMcp, type RunningConnector } from './mcp/connectorWithMcp';
import { answerBudgetFromEnvironment, legacyToolNamesFromEnvironment } from './mcp/options';

async function main(): Promise<void> {
  const level = process.env.BROWSER_DEBUG_LOG_LEVEL;
  const logger = streamLogger(process.stderr, isLogThreshold(level) ? level : 'info');
  let running: RunningConnector;
  const guard = guardStartup('Browser Debug connector');
  try {
    const answerBudget = answerBudgetFromEnvironment(process.env);
    const argv = process.argv.slice(2);
    running = await startConnectorWithMcp(configFromEnvironment(process.env, argv), {
      logger,
      journalFile: journalFromEnvironment(process.env, argv),
      answerBudget,
      legacyToolNames: legacyToolNamesFromEnvironment(process.env),
    });
    guard.done();
  } catch (error) {
    guard.done();
    if (error instanceof AlreadyRunningError) {
      console.log(
        `${error.message}\nNothing to do: browsers, VS Code and MCP clients can use http://127.0.0.1:${error.port} now.`,
      );
      return;
    }
    console.error(`Browser Debug connector could not start: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  // Before the banner: whoever reads "listening" may stop us at once, and must get a clean shutdown.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down.`);
    void running.stop(`connector stopped (${signal})`).then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const { connector } = running;
  const moved = connector.movedNote();
  console.log(
    [
      `Browser Debug connector listening on ${connector.url}${moved}`,
      '',
      'Next:',
      '  1. Load the browser extension: chrome://extensions → Developer mode → Load unpacked → dist/browser-extension',
      `     Pair it once: type ${connector.services.pairings.issueCode()} in its popup (this code works once, for 10 minutes).`,
      '  2. Open your app; captures appear at ' + `${connector.url}/console-logs and ${connector.url}/network-requests`,
      `     Every call sends your per-user secret: curl -H "Authorization: Bearer $(cat ${connector.services.config.secretFile})" ${connector.url}/console-logs`,
      `  3. Live stream: ws://127.0.0.1:${connector.port}/ws   Health: ${connector.url}/health`,
      `  4. MCP: ${connector.url}/mcp (Streamable HTTP), ${connector.url}/sse (legacy SSE), or the browser-debug-mcp command (stdio)`,
      ...remoteLines(connector),
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

/** Hybrid mode: where captures go, and the session id a remote reader needs. */
function remoteLines(connector: RunningConnector['connector']): string[] {
  const remote = connector.services.remote.status();
  if (!remote) return [];
  const shared = remote.origins.length ? remote.origins.join(', ') : 'nothing yet (set BROWSER_DEBUG_REMOTE_ORIGINS)';
  return [
    `  5. Remote: sharing ${shared} with ${remote.url}, session ${remote.sessionId ?? '(not started: see the log)'}`,
  ];
}

main().catch((error: Error) => {
  console.error(`Browser Debug connector failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
