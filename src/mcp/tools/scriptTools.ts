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

/** The extension replies `{value, type, via}`; a script that threw comes back as a SCRIPT_ERROR failure instead. */
function interpret(result: unknown): { value: unknown; type: string } {
  const record =
    result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined;
  if (record && 'type' in record && typeof record.type === 'string') return { value: record.value, type: record.type };
  return { value: result, type: typeOf(result) };
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

async function run(args: z.output<typeof schema>, { services, budget }: ToolContext): Promise<ToolAnswer> {
  const { code, returnResult, tabId } = args;
  const reply = await services.bridge.command(
    'run-script',
    { code, returnResult, ...(tabId === undefined ? {} : { tabId }) },
    services.config.commandTimeoutMs,
  );
  const { value, type } = interpret(reply);
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
