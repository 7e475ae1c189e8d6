import { z } from 'zod';
import { RUN_ID } from '../../shared/evidence';
import { RECORDING_ID } from '../../shared/recording';
import { fencePage } from '../format/fence';
import { defineTool } from '../tool';

const runId = (which: string) =>
  z.string().regex(RUN_ID, 'expected a run id such as "run-1a2b3c4d5e6f"').optional().describe(which);

const exportFixReceipt = defineTool({
  name: 'export_fix_receipt',
  title: 'Export a fix receipt',
  description:
    'Markdown for a pull request comparing two replays of a recording: both verdicts (reproduced → not reproduced), errors and failed requests gone and new, visual changes, Web Vitals, links to the videos. Replay before and after the fix first.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({
    id: z
      .string()
      .regex(RECORDING_ID, 'expected a recording id such as "rec-1a2b3c4d5e6f"')
      .describe('Recording id, e.g. "rec-1a2b3c4d5e6f".'),
    before: runId('The failing run (a runId from replay_recording); default: the latest run that did not pass.'),
    after: runId('The run after the fix; default: the latest run.'),
  }),
  handler: async (args, { services }) => {
    const receipt = await services.evidence.receipt(args.id, args.before, args.after);
    const head = receipt.fixed
      ? `The fix verifies: ${receipt.before} failed, ${receipt.after} passed.`
      : `The fix does not verify yet: ${receipt.after} did not pass (replay again after the fix, or pass 'after').`;
    // The receipt quotes the page (escaped for Markdown): it stays data for the model.
    return { text: [head, 'Receipt (Markdown for the pull request):', fencePage(receipt.markdown)].join('\n') };
  },
});

export const evidenceTools = [exportFixReceipt];
