import { z } from 'zod';
import { fencePage } from '../format/fence';
import { cut } from '../format/text';
import { defineTool, type ToolAnswer, type ToolContext } from '../tool';
import { tabIdParam } from './params';

const schema = z.strictObject({
  code: z
    .string()
    .min(1)
    .max(100_000)
    .describe("The last expression's value (awaited) is the result, e.g. `document.title`."),
  returnResult: z.boolean().default(true).describe('false: just run it'),
  tabId: tabIdParam,
});

async function run(args: z.output<typeof schema>, { services, budget }: ToolContext): Promise<ToolAnswer> {
  const { code, returnResult, tabId } = args;
  const reply = await services.bridge.command(
    'run-script',
    { code, returnResult, ...(tabId === undefined ? {} : { tabId }) },
    services.config.commandTimeoutMs,
  );
  // A script that threw comes back as a SCRIPT_ERROR failure instead.
  const { value, type } = reply;
  if (!returnResult) return { text: 'The script ran.' };
  const shown = value === undefined ? 'undefined' : JSON.stringify(value);
  return { text: `Result (${type}):\n${fencePage(cut(shown, budget - 250))}` };
}

export const scriptTools = [
  defineTool({
    name: 'execute_javascript',
    title: 'Run JavaScript in the page',
    description: 'Runs JavaScript in the page and answers its result as JSON, or the exception it threw.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    schema,
    handler: run,
  }),
];
