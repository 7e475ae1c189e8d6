import type { z } from 'zod';
import type { Logger } from '../connector/logging/logger';
import { ApiError, type ErrorCode } from '../shared/errors';
import { fencePage } from './format/fence';
import { ToolError, type ToolDefinition } from './tool';

/** What the model should do after each connector failure. */
const NEXT_STEP: Partial<Record<ErrorCode, string>> = {
  BROWSER_NOT_CONNECTED: 'Then call this tool again. Captured logs and requests stay readable without a browser.',
  TIMEOUT: 'Call list_tabs to see which tabs the extension can reach, then retry with tabId, or with a longer waitFor.',
  COMMAND_FAILED:
    "Check the tab is a normal web page in the extension's scope (see list_tabs); chrome:// and store pages cannot be scripted.",
  SCREENSHOT_FAILED:
    'Retry with fullPage=false, or with a selector for one element; chrome:// pages cannot be captured.',
  SERVICE_UNAVAILABLE: 'The connector is restarting: wait a moment and call the tool again.',
  AUDIT_BUSY: 'Wait for the running audit to finish (about the time given above), then call again.',
  LIGHTHOUSE_FAILED:
    'Check the URL opens in the browser (get_current_page, get_network_requests failed=true), then call again.',
};

/** Codes the browser extension gives a failed command, and what to do about each. */
const BROWSER_NEXT_STEP: Record<string, string> = {
  SCRIPT_ERROR: 'Fix the code and run it again; what it logged is in get_console_logs.',
  TAB_NOT_FOUND: 'Call list_tabs for the open tabs and their ids.',
  TAB_NOT_LOCKED: 'Use the locked tab (omit tabId), or ask the user to unlock capture in the extension popup.',
  OUT_OF_SCOPE:
    'Use a tab on a page in scope (localhost by default; see list_tabs), or ask the user to add the site in the extension options.',
  UNKNOWN_COMMAND: 'Ask the user to update the Browser Debug browser extension.',
};

/** The text of an `isError` result: what happened and what to do next. Unexpected errors are logged. */
export function errorText(error: unknown, tool: ToolDefinition | undefined, logger: Logger): string {
  if (error instanceof ToolError) return error.message;
  if (error instanceof ApiError) {
    const { browserCode, browserMessage } = error.details as { browserCode?: string; browserMessage?: string };
    if (browserCode === 'SCRIPT_ERROR')
      return `The script threw:\n${fencePage(String(browserMessage))}\n${BROWSER_NEXT_STEP.SCRIPT_ERROR}`;
    const next = (browserCode && BROWSER_NEXT_STEP[browserCode]) ?? NEXT_STEP[error.code];
    return `${error.message}${next ? `\n${next}` : ''}`;
  }
  logger.error(`MCP tool ${tool?.name ?? '?'} failed`, error);
  const message = error instanceof Error ? error.message : String(error);
  return `Internal error in ${tool?.name ?? 'the tool'}: ${message}. This is a bug in Browser Debug; other tools still work.`;
}

/** Bad arguments, in words: which argument, what is wrong, what is allowed. */
export function invalidArguments(tool: ToolDefinition, error: z.ZodError): ToolError {
  const problems = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length ? `'${issue.path.join('.')}'` : 'arguments';
    if (issue.code === 'unrecognized_keys')
      return `unknown argument(s) ${issue.keys.map((key) => `'${key}'`).join(', ')}${issue.path.length ? ` in ${where}` : ''}`;
    return `${where}: ${issue.message}`;
  });
  const allowed = Object.keys(tool.schema.shape);
  const hint = allowed.length
    ? `Arguments ${tool.name} takes: ${allowed.join(', ')}.`
    : `${tool.name} takes no arguments.`;
  return new ToolError(`Invalid arguments for ${tool.name}: ${problems.join('; ')}. ${hint} Fix them and call again.`);
}

export function unknownTool(name: string, known: readonly string[]): ToolError {
  return new ToolError(`Unknown tool '${name}'. Available tools: ${known.join(', ')}.`);
}
