import { z } from 'zod';
import { fencePage } from '../format/fence';
import { cut } from '../format/text';
import type { ScriptFrame } from '../../shared/browserCommands';
import { defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { tabIdParam } from './params';

const schema = z.strictObject({
  code: z.string().min(1).max(100_000).describe('Its last expression (awaited) is the result'),
  returnResult: z.boolean().default(true).describe('false: just run it'),
  frame: z.string().min(1).optional().describe('Iframe ref, or frame/worker URL part'),
  tabId: tabIdParam,
});

/** The frames a `frame` that matched none could have named, fenced: their URLs are the page's. */
function noSuchFrame(frame: string, frames: readonly ScriptFrame[]): ToolError {
  const list = frames.map((candidate) => `${candidate.kind}: ${candidate.url}`);
  return new ToolError(
    `No frame or worker of the tab matches '${frame}', so nothing ran. Pass a ref of an Iframe line from take_snapshot, or part of one of these URLs:\n${fencePage(list)}`,
  );
}

async function run(args: z.output<typeof schema>, { services, budget }: ToolContext): Promise<ToolAnswer> {
  const { code, returnResult, tabId, frame } = args;
  const reply = await services.bridge.command(
    'run-script',
    { code, returnResult, ...(tabId === undefined ? {} : { tabId }), ...(frame === undefined ? {} : { frame }) },
    services.config.commandTimeoutMs,
  );
  if (reply.frames) throw noSuchFrame(frame ?? '', reply.frames);
  // A script that threw comes back as a SCRIPT_ERROR failure instead.
  const { value, type } = reply;
  const where = reply.frame
    ? `Ran in the ${reply.frame.kind.replace('_', ' ')} at:\n${fencePage(reply.frame.url)}\n`
    : '';
  if (!returnResult) return { text: `${where}The script ran.` };
  const shown = value === undefined ? 'undefined' : JSON.stringify(value);
  return { text: `${where}Result (${type}):\n${fencePage(cut(shown, budget - 250 - where.length))}` };
}

export const scriptTools = [
  defineTool({
    name: 'execute_javascript',
    title: 'Run JavaScript',
    description: 'Runs JavaScript; answers its result as JSON, or its exception.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    schema,
    handler: run,
  }),
];
