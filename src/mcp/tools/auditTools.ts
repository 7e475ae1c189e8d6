import { z } from 'zod';
import { AUDIT_CATEGORIES, AUDIT_DEVICES } from '../../shared/audit';
import { auditText } from '../format/auditText';
import { aliasOf, defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';

const urlParam = z
  .url({ protocol: /^https?$/ })
  .optional()
  .describe('Page to audit (default: the page shown now).');
const deviceParam = z.enum(AUDIT_DEVICES).default('desktop').describe('mobile: slow CPU and network.');

const schema = z.strictObject({
  url: urlParam,
  categories: z
    .array(z.enum(AUDIT_CATEGORIES))
    .min(1)
    .default([...AUDIT_CATEGORIES])
    .describe('Default all four (one is hardly faster).'),
  device: deviceParam,
});

const aliasSchema = z.strictObject({ url: urlParam, device: deviceParam });

async function runAudit(
  args: z.output<typeof schema>,
  { services, progress, signal }: ToolContext,
): Promise<ToolAnswer> {
  const url = args.url ?? services.store.currentPage?.url;
  if (!url || !/^https?:/.test(url))
    throw new ToolError('Give url, e.g. http://localhost:5173/: no page is open in a connected browser to default to.');
  const { summary } = await services.audits.run(
    { url, categories: args.categories, device: args.device },
    { signal, onProgress: progress && ((update) => progress(update.fraction, update.message)) },
  );
  return { text: auditText(summary) };
}

const runEngineAudit = defineTool({
  name: 'run_engine_audit',
  title: 'Audit page',
  description:
    'Lighthouse audit as the logged-in user sees the page (8–12 s): scores, metrics, failing audits with selectors, report path.',
  // It loads the page in a throwaway context: the user's tabs and data are left alone; reports go to our capped folder.
  annotations: { readOnlyHint: true, openWorldHint: true },
  schema,
  handler: runAudit,
});

export const auditTools = [
  runEngineAudit,
  aliasOf(runEngineAudit, 'runAccessibilityAudit', {
    schema: aliasSchema,
    fixed: { categories: ['accessibility'] },
    description: `Earlier name of run_engine_audit with categories=["accessibility"]: accessibility score, failing audits by severity with selectors, and the report path.`,
  }),
  aliasOf(runEngineAudit, 'runPerformanceAudit', {
    schema: aliasSchema,
    fixed: { categories: ['performance'] },
    description: `Earlier name of run_engine_audit with categories=["performance"]: performance score, metrics, top opportunities with savings, and the report path.`,
  }),
];
