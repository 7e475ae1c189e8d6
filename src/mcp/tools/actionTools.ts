import { z } from 'zod';
import { runAction } from '../../connector/actions/runAction';
import type { ActionName } from '../../shared/actions';
import { tabCommand } from '../../connector/actions/tabCommand';
import { fencePage } from '../format/fence';
import { describeOutcome, showsFilledValue } from '../format/actionOutcome';
import { defineTool, type ToolAnswer, type ToolContext, type ToolDefinition } from '../tool';

const ref = (what = 'The element') =>
  z
    .string()
    .regex(/^e\d+$/, 'expected a ref such as "e7"')
    .describe(`${what}: its ref from the latest take_snapshot, e.g. "e7".`);
const ACTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;
/** Part of the budget a snapshot after a navigation may use inside an action answer. */
const NAVIGATION_SNAPSHOT_SHARE = 0.6;

const snapshotSchema = z.strictObject({
  selector: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .describe('Only this part: a CSS selector (every match, e.g. "form" or "#cart") or a ref such as "e12".'),
  maxChars: z
    .number()
    .int()
    .min(1000)
    .max(100_000)
    .optional()
    .describe(
      'Most characters (default and cap: the answer budget, ~18,000); over it, the start of the page and interactive elements are kept.',
    ),
});

async function takeSnapshot(
  args: z.output<typeof snapshotSchema>,
  { services, budget }: ToolContext,
): Promise<ToolAnswer> {
  const room = budget - 500;
  const maxChars = Math.min(args.maxChars ?? room, room);
  const reply = await tabCommand(services, 'snapshot', { selector: args.selector, maxChars });
  const part = args.selector ? ` (only ${args.selector})` : '';
  return {
    text: `Snapshot of tab ${reply.tabId}${part}, ${reply.linesEstimated ? 'about ' : ''}${reply.lines} lines:\n${fencePage([`${reply.title ? `"${reply.title}" ` : ''}${reply.url ?? ''}`, reply.text])}`,
  };
}

/** An action tool: runs it through the connector and answers what followed. */
function actionTool<S extends z.ZodObject>(
  name: ActionName,
  title: string,
  description: string,
  schema: S,
  done: (args: z.output<S>) => string,
  /** Which changed line only echoes what the action was asked to do (left out of the answer). */
  echo?: (args: z.output<S>) => (line: string) => boolean,
): ToolDefinition {
  return defineTool({
    name,
    title,
    description: `${description} Answers what followed.`,
    // A hover only moves the pointer; the others can submit, delete or buy.
    annotations: name === 'hover' ? { ...ACTS, destructiveHint: false } : ACTS,
    schema,
    handler: async (args: z.output<S>, { services, budget }: ToolContext) => {
      const outcome = await runAction(services, name, args as Record<string, unknown>, {
        maxChars: Math.floor(budget * NAVIGATION_SNAPSHOT_SHARE),
      });
      return {
        text: describeOutcome(done(args), outcome, budget, echo?.(args)),
        shown: outcome.shown,
        typedValueShown: outcome.secretField === false,
      };
    },
  });
}

const modifiers = z
  .array(z.enum(['Alt', 'Control', 'Meta', 'Shift']))
  .max(4)
  .optional()
  .describe('Keys held during the click.');

export const actionTools = [
  defineTool({
    name: 'take_snapshot',
    title: 'Page snapshot',
    description:
      'The page as an accessibility tree, one element per line: ref (eN; lasts until navigation), role, name, state.',
    annotations: { readOnlyHint: true, openWorldHint: false },
    schema: snapshotSchema,
    handler: takeSnapshot,
  }),
  actionTool(
    'click',
    'Click',
    'Scrolls the element into view and clicks its centre with real mouse input.',
    z.strictObject({
      ref: ref(),
      button: z.enum(['left', 'right', 'middle']).default('left').describe('Mouse button (default left).'),
      clickCount: z.number().int().min(1).max(2).default(1).describe('2 for a double click.'),
      modifiers,
    }),
    (args) =>
      `Clicked ${args.ref}${args.button !== 'left' ? ` (${args.button})` : ''}${args.clickCount === 2 ? ' twice' : ''}`,
  ),
  actionTool(
    'hover',
    'Hover',
    'Moves the mouse pointer onto the element (:hover, mouseenter).',
    z.strictObject({ ref: ref() }),
    (args) => `Hovered ${args.ref}`,
  ),
  actionTool(
    'fill',
    'Fill',
    'Clears an input, textarea or contenteditable and types the value (with input events).',
    z.strictObject({
      ref: ref(),
      value: z.string().max(100_000).describe('The text the field should hold; "" clears it.'),
    }),
    (args) => `Filled ${args.ref}`,
    (args) => showsFilledValue(args.ref, args.value),
  ),
  actionTool(
    'type_text',
    'Type text',
    'Types text key by key into the focused element, or into ref.',
    z.strictObject({
      text: z.string().min(1).max(10_000).describe('Text to type; "\\n" presses Enter.'),
      ref: ref('Where to type (default: the focused element)').optional(),
    }),
    (args) => `Typed ${args.text.length} characters${args.ref ? ` into ${args.ref}` : ''}`,
  ),
  actionTool(
    'press_key',
    'Press key',
    'Presses a key or chord on the focused element, or on ref.',
    z.strictObject({
      key: z
        .string()
        .min(1)
        .max(60)
        .describe('Key name or chord, e.g. "Enter", "ArrowUp", "Escape", "Control+A", "Shift+Tab".'),
      ref: ref('Element to focus first (default: the focused element)').optional(),
    }),
    (args) => `Pressed ${args.key}`,
  ),
  actionTool(
    'select_option',
    'Select option',
    'Picks options in a <select> by value or visible label.',
    z.strictObject({
      ref: ref('The <select>'),
      values: z
        .array(z.string())
        .min(1)
        .max(100)
        .describe('Option values or labels; several only for a multiple select.'),
    }),
    (args) => `Selected ${args.values.join(', ')} in ${args.ref}`,
  ),
  actionTool(
    'drag',
    'Drag',
    'Drags one element onto another with real pointer moves (works for HTML5 drag and drop).',
    z.strictObject({ fromRef: ref('The element to drag'), toRef: ref('Where to drop it') }),
    (args) => `Dragged ${args.fromRef} onto ${args.toRef}`,
  ),
];
