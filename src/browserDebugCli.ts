#!/usr/bin/env node
/**
 * `browser-debug`: the package's command line. `browser-debug setup <client>` writes an MCP client's
 * configuration (src/mcp/clientSetup). Its entries start dist/mcp.js, the file beside this one.
 */
import { join } from 'node:path';
import { runBrowserDebugCommand } from './mcp/clientSetup/setupCommand';

runBrowserDebugCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
  env: process.env,
  mcpScript: join(__dirname, 'mcp.js'),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`browser-debug: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
