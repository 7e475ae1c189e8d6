import { z } from 'zod';
import { RECORDING_ID } from '../../shared/recording';
import { fencePage } from '../format/fence';
import { defineTool } from '../tool';

// The service checks run ids (a clear INVALID_PARAMETER); no pattern here keeps tools/list short.
const runId = (which: string) => z.string().max(40).optional().describe(which);

const exportFixReceipt = defineTool({
  name: 'export_fix_receipt',
  title: 'Fix receipt',
  description: 'PR-ready Markdown comparing a failing and a passing replay.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({
    id: z.string().regex(RECORDING_ID, 'expected a recording id such as "rec-1a2b3c4d5e6f"').describe('Recording id'),
    before: runId('Failing runId'),
    after: runId('Passing runId (default: latest)'),
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
