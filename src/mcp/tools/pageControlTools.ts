import { z } from 'zod';
import { runAction } from '../../connector/actions/runAction';
import { tabCommand } from '../../connector/actions/tabCommand';
import { checkUploadPaths, FileAccessError } from '../../connector/trust/fileRoots';
import {
  COLOR_SCHEMES,
  HISTORY_ACTIONS,
  NETWORK_PRESETS,
  WAIT_DEFAULT_MS,
  WAIT_MAX_MS,
} from '../../shared/pageControl';
import { describeOutcome } from '../format/actionOutcome';
import { fencePage } from '../format/fence';
import { cut } from '../format/text';
import { defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { describeTab, tabPage, tabPageText } from './describeTab';
import { describeEmulation } from './emulationText';

const NAVIGATION_MS = 35_000;

const emulateSchema = z.strictObject({
  viewport: z
    .strictObject({
      width: z.number().int().min(200).max(4000).describe('px'),
      height: z.number().int().min(200).max(4000).describe('px'),
      deviceScaleFactor: z.number().min(0.5).max(4).optional().describe('e.g. 2'),
      mobile: z.boolean().optional().describe('touch, meta viewport'),
    })
    .optional()
    .describe('Page size'),
  network: z.enum(NETWORK_PRESETS).optional().describe('none: off'),
  cpuThrottling: z.number().min(1).max(20).optional().describe('Slow-down; 1: off'),
  colorScheme: z.enum(COLOR_SCHEMES).optional().describe('auto: off'),
  reset: z.boolean().optional().describe('End all first'),
});

async function emulate(args: z.output<typeof emulateSchema>, { services }: ToolContext): Promise<ToolAnswer> {
  if (Object.values(args).every((value) => value === undefined))
    throw new ToolError('Give at least one of viewport, network, cpuThrottling, colorScheme, or reset=true.');
  const result = await tabCommand(services, 'emulate', args);
  return { text: describeEmulation(result) };
}

const emulateTool = defineTool({
  name: 'emulate',
  title: 'Emulate',
  description: 'Emulates viewport, network, CPU or color scheme until reset or the tab closes.',
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  schema: emulateSchema,
  handler: emulate,
});

const historySchema = z.strictObject({ action: z.enum(HISTORY_ACTIONS).describe('back, forward or reload') });

async function navigateHistory(
  { action }: z.output<typeof historySchema>,
  { services }: ToolContext,
): Promise<ToolAnswer> {
  const result = await tabCommand(services, 'history', { action }, NAVIGATION_MS);
  const verb = action === 'reload' ? 'Reloaded' : action === 'back' ? 'Went back to' : 'Went forward to';
  return { text: `${verb} ${describeTab(result)}; the page reached "load":\n${tabPage(result)}` };
}

const navigateHistoryTool = defineTool({
  name: 'navigate_history',
  title: 'Back, forward, reload',
  description: 'Goes back, forward or reloads the tab and waits for the load.',
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  schema: historySchema,
  handler: navigateHistory,
});

const selectTabSchema = z.strictObject({ tabId: z.number().int().describe('From list_tabs') });

async function selectTab(
  { tabId }: z.output<typeof selectTabSchema>,
  { services, agent }: ToolContext,
): Promise<ToolAnswer> {
  // An agent's own tab is selected without coming to the front: the developer keeps the tab they look at.
  if (agent?.opened.has(tabId)) {
    const page = {
      ...(await services.bridge.command('current-url', { tabId }, services.config.commandTimeoutMs)),
      tabId,
    };
    services.selectedTab.select(tabId);
    return {
      text: `Selected your ${describeTab(page)}; snapshots and actions now target it:\n${tabPage(page)}`,
    };
  }
  const result = {
    ...(await services.bridge.command('select-tab', { tabId }, services.config.commandTimeoutMs)),
    tabId,
  };
  services.selectedTab.select(tabId);
  return {
    text: `Selected ${describeTab(result)} and brought it to the front; snapshots and actions now target it:\n${tabPage(result)}`,
  };
}

const selectTabTool = defineTool({
  name: 'select_tab',
  title: 'Select tab',
  description: 'Makes a tab the target of snapshots and actions and brings it to the front.',
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  schema: selectTabSchema,
  handler: selectTab,
});

const waitSchema = z.strictObject({
  text: z.string().min(1).max(500).optional().describe('Visible text'),
  selector: z.string().min(1).max(500).optional().describe('CSS selector'),
  gone: z.boolean().optional().describe('Wait for it to go'),
  timeoutMs: z.number().int().min(100).max(WAIT_MAX_MS).default(WAIT_DEFAULT_MS).describe('ms'),
});

async function waitFor(args: z.output<typeof waitSchema>, { services }: ToolContext): Promise<ToolAnswer> {
  if (args.text === undefined && args.selector === undefined)
    throw new ToolError('Give the text or the selector to wait for.');
  const what = [
    args.text !== undefined && `the text "${args.text}"`,
    args.selector !== undefined && `an element matching '${args.selector}'`,
  ]
    .filter(Boolean)
    .join(' and ');
  const result = await tabCommand(services, 'wait-for', args, args.timeoutMs + 5000);
  const page = describeTab(result);
  if (!result.met) {
    const state = args.gone ? 'was still there' : 'did not appear';
    throw new ToolError(
      `Timed out after ${args.timeoutMs} ms: ${what} ${state} on ${page}. Take a snapshot to see what the page shows, or wait longer (timeoutMs up to ${WAIT_MAX_MS}).\n${tabPage(result)}`,
    );
  }
  return {
    text: `${args.gone ? 'Gone' : 'Found'}: ${what}, after ${result.elapsedMs} ms on ${page}:\n${tabPage(result)}`,
  };
}

const waitForTool = defineTool({
  name: 'wait_for',
  title: 'Wait for',
  description: 'Waits until text or an element appears (or is gone). A timeout is an error.',
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  schema: waitSchema,
  handler: waitFor,
});

const dialogSchema = z.strictObject({
  accept: z.boolean().describe('OK (true) or Cancel (false)'),
  promptText: z.string().max(10_000).optional().describe("prompt()'s answer"),
});

async function handleDialog(args: z.output<typeof dialogSchema>, context: ToolContext): Promise<ToolAnswer> {
  const typed = args.accept && args.promptText !== undefined ? ` with "${args.promptText}"` : '';
  const verb = args.accept ? 'Accepted' : 'Dismissed';
  const outcome = await runAction(context.services, 'answer_dialog', args, {
    maxChars: Math.floor(context.budget / 2),
  }).catch((error: unknown) => {
    // An extension from before answer_dialog: answer the plain way, without what followed.
    if (error instanceof Error && /Unknown action 'answer_dialog'/.test(error.message)) return undefined;
    throw error;
  });
  if (!outcome) {
    const result = await tabCommand(context.services, 'dialog', args);
    const kind = result.dialogType ?? 'dialog';
    const message = result.message ? `Dialog text: "${result.message}"\n` : '';
    return {
      text: `${verb} the ${kind}${typed} on ${describeTab(result)}:\n${fencePage(message + tabPageText(result))}`,
    };
  }
  const kind = outcome.answered?.type ?? 'dialog';
  // The dialog is the one the previous answer reported: its page needs no second naming; its text is the page's.
  const done = `${verb} the ${kind}${typed}`;
  const text = describeOutcome(done, outcome, context.budget - 400);
  const message = outcome.answered?.message
    ? `\nDialog text:\n${fencePage(`"${cut(outcome.answered.message, 300)}"`)}`
    : '';
  return { text: text + message, shown: outcome.shown };
}

const handleDialogTool = defineTool({
  name: 'handle_dialog',
  title: 'Answer dialog',
  description: 'Answers the open alert, confirm, prompt or beforeunload dialog, then what followed.',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: dialogSchema,
  handler: handleDialog,
});

const uploadSchema = z.strictObject({
  ref: z.string().min(1).max(50).describe('File input ref from take_snapshot'),
  paths: z
    .array(z.string().min(1).max(4096))
    .min(1)
    .max(50)
    .describe("Absolute paths of files in the workspace (or the connector's file roots)"),
});

/** Only regular files under the file roots (trust/fileRoots), as real paths. */
function checkPaths(paths: string[], config: ToolContext['services']['config']): string[] {
  try {
    return checkUploadPaths(paths, config.filesRoots, { allowSecrets: config.allowSecretFiles });
  } catch (error) {
    if (error instanceof FileAccessError) throw new ToolError(error.message);
    throw error;
  }
}

async function uploadFile(args: z.output<typeof uploadSchema>, { services }: ToolContext): Promise<ToolAnswer> {
  const paths = checkPaths(args.paths, services.config);
  // The roots travel with the command: the extension checks the paths against them itself.
  const result = await tabCommand(services, 'upload-file', { ...args, paths, roots: services.config.filesRoots });
  const names = result.files.length ? result.files.join(', ') : paths.join(', ');
  return {
    text: `Set ${paths.length === 1 ? 'the file' : `${paths.length} files`} ${names} on ${args.ref} in ${describeTab(result)}; the page got its input and change events:\n${tabPage(result)}`,
  };
}

const uploadFileTool = defineTool({
  name: 'upload_file',
  title: 'Upload file',
  description: 'Sets files from the workspace folders on a file input, by its ref.',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: uploadSchema,
  handler: uploadFile,
});

export const pageControlTools = [
  emulateTool,
  navigateHistoryTool,
  selectTabTool,
  waitForTool,
  handleDialogTool,
  uploadFileTool,
];
