import { z } from 'zod';
import { tabCommand } from '../../connector/actions/tabCommand';
import { inspectElement } from '../../connector/inspection/inspectElement';
import { pickedElements } from '../../connector/inspection/pickedElements';
import { inspectRequestShape, oneTarget } from '../../shared/inspection';
import { fencePage } from '../format/fence';
import { DEFAULT_INSPECT_CHARS, inspectionText, picksText } from '../format/inspectionText';
import { defineTool, type ToolContext } from '../tool';

const inspectSchema = z
  .strictObject({
    ...inspectRequestShape,
    maxChars: z
      .number()
      .int()
      .min(1000)
      .max(20_000)
      .optional()
      .describe(`Most characters (default ${DEFAULT_INSPECT_CHARS}).`),
  })
  .refine(oneTarget.check, oneTarget.message);

const highlightSchema = z.strictObject({
  ref: inspectRequestShape.ref,
  selector: inspectRequestShape.selector,
  label: z.string().max(80).optional().describe('Short label, e.g. "this one?".'),
  durationMs: z.number().int().min(0).max(60_000).optional().describe('Show this long (default: until next action).'),
  clear: z.boolean().optional().describe('Remove it instead.'),
});

const picksSchema = z.strictObject({
  limit: z.number().int().min(1).max(20).default(3).describe('Newest picks to show (default 3).'),
});

export const inspectionTools = [
  defineTool({
    name: 'get_picked_elements',
    title: 'Picked elements',
    description: 'Elements the user picked (popup, shortcut or VS Code), newest first, with notes and inspections.',
    annotations: { readOnlyHint: true, openWorldHint: false },
    schema: picksSchema,
    handler: async ({ limit }: z.output<typeof picksSchema>, { services, budget }: ToolContext) => {
      const { picks, total } = await pickedElements(services, limit);
      return { text: picksText(picks, total, budget) };
    },
  }),
  defineTool({
    name: 'inspect_element',
    title: 'Inspect element',
    description:
      'Box, why hidden, key styles, matched CSS rules (winning/overridden, file:line), component chain with source lines.',
    annotations: { readOnlyHint: true, openWorldHint: false },
    schema: inspectSchema,
    handler: async ({ maxChars, ...request }: z.output<typeof inspectSchema>, { services, budget }: ToolContext) => {
      const inspection = await inspectElement(services, request);
      return {
        text: `Inspection:\n${fencePage(inspectionText(inspection, Math.min(maxChars ?? DEFAULT_INSPECT_CHARS, budget) - 120))}`,
      };
    },
  }),
  defineTool({
    name: 'highlight_element',
    title: 'Highlight element',
    description: 'Outlines an element with a label in the page, to show the user which one you mean.',
    annotations: { readOnlyHint: true, openWorldHint: false },
    schema: highlightSchema,
    handler: async (args: z.output<typeof highlightSchema>, { services }: ToolContext) => {
      if (!args.clear && (args.ref === undefined) === (args.selector === undefined))
        return { text: 'Give exactly one of `ref` or `selector` (or `clear: true` to remove the highlight).' };
      const reply = await tabCommand(services, 'highlight', args);
      return {
        text: reply.cleared
          ? 'Highlight removed.'
          : `Highlighted "${reply.label}"${args.durationMs ? ` for ${args.durationMs} ms` : ' until the next action or clear'}.`,
      };
    },
  }),
];
