import { z } from 'zod';
import { MAX_LEAK_ITERATIONS, MIN_LEAK_ITERATIONS } from '../../shared/leaks';
import { EXPORT_FORMATS } from '../../shared/recordingExport';
import { fencePage } from '../format/fence';
import { defineTool } from '../tool';

/** export_recording: a verified recording as a regression test for the project's own suite. */
export const exportRecording = defineTool({
  name: 'export_recording',
  title: 'Export a recording as a test',
  description:
    'A recording as a Playwright, Puppeteer or Cypress test that fails while its bug comes back; text, or a file at path.',
  annotations: { openWorldHint: false },
  schema: z.strictObject({
    id: z.string().min(1).max(100).describe('Recording id, e.g. "rec-1a2b3c4d5e6f".'),
    format: z.enum(EXPORT_FORMATS).default('playwright').describe('Test runner, or the DevTools Recorder JSON.'),
    path: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe("A file or folder (e.g. the project's tests/) to write to; omit to get the text."),
    leakCheck: z
      .number()
      .int()
      .min(MIN_LEAK_ITERATIONS)
      .max(MAX_LEAK_ITERATIONS)
      .optional()
      .describe('Playwright: loop the steps N times, expect no heap growth.'),
  }),
  handler: async (args, { services, budget }) => {
    const exported = await services.recordings.export(args.id, args.format, {
      path: args.path,
      leakCheck: args.leakCheck,
    });
    // The checks quote what the page wrote (error texts, URLs), and so does the test's code (recorded values).
    const checks = exported.checks.length ? ['Checks:', fencePage(exported.checks.map((check) => `- ${check}`))] : [];
    const secrets = exported.secretEnv.length ? [`Reads secrets from env: ${exported.secretEnv.join(', ')}.`] : [];
    const tooLong = exported.text.length > budget - 1_000;
    const where = exported.path
      ? [`Wrote ${exported.path}.`]
      : tooLong
        ? [
            `The test (${exported.text.length} characters) is longer than this answer may be: call again with path, or GET /recordings/${exported.recordingId}/export?format=${exported.format}.`,
          ]
        : [`${exported.fileName}:`, fencePage(['```', exported.text.trimEnd(), '```'])];
    return {
      text: [`Exported ${exported.recordingId} as ${exported.format}.`, ...checks, ...secrets, ...where].join('\n'),
    };
  },
});
