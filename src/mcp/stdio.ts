#!/usr/bin/env node
/**
 * `browser-debug-mcp`: Browser Debug's MCP server on stdio, for Claude Desktop, Cursor, Copilot CLI and
 * other clients that start a command. stdout carries only MCP messages; logs go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { configFromEnvironment } from '../connector/config/envConfig';
import { isLogThreshold, streamLogger } from '../connector/logging/streamLogger';
import { resolveBackend } from './backend';
import { answerBudgetFromEnvironment, legacyToolNamesFromEnvironment } from './options';
import { StdioProxy } from './stdioProxy';

async function main(): Promise<void> {
  const level = process.env.BROWSER_DEBUG_LOG_LEVEL;
  const logger = streamLogger(process.stderr, isLogThreshold(level) ? level : 'info');
  let overrides;
  let options;
  try {
    overrides = configFromEnvironment(process.env, process.argv.slice(2));
    options = {
      answerBudget: answerBudgetFromEnvironment(process.env),
      legacyToolNames: legacyToolNamesFromEnvironment(process.env),
    };
  } catch (error) {
    logger.error((error as Error).message);
    process.exit(2);
  }
  const proxy: StdioProxy = new StdioProxy(() => resolveBackend(overrides, options, logger, proxy.clientName), logger);
  proxy.start();
  await proxy.server.connect(new StdioServerTransport());

  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${why}: shutting down.`);
    const exit = () => process.exit(0);
    setTimeout(exit, 3000).unref();
    void proxy.close().then(exit, exit);
  };
  // The client closing our stdin is how stdio MCP servers are told to quit.
  process.stdin.on('end', () => stop('stdin closed'));
  process.stdin.on('close', () => stop('stdin closed'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
