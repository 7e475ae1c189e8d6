import { z } from 'zod';
import { exportHar } from '../../connector/har/harExport';
import { exposureWarning } from '../../connector/har/gitExposure';
import { describeTally } from '../../shared/redaction';
import { bytes } from '../format/text';
import { defineTool } from '../tool';

const exportHarTool = defineTool({
  name: 'export_har',
  title: 'Export HAR',
  description: 'Writes the captured requests to a HAR 1.2 file: path and size.',
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  schema: z.strictObject({
    search: z.string().max(500).optional().describe('URL contains'),
    failed: z.boolean().optional().describe('Only failed (true) or ok (false)'),
    limit: z.number().int().min(1).max(20_000).default(1000).describe('Newest N'),
  }),
  handler: async (args, { services }) => {
    const written = await exportHar(services.store, services.config, args, services.logger);
    if (!written.entries)
      return { text: `No captured request matches, so the HAR is empty: ${written.path}. Load the page, then export.` };
    const bodies = services.config.fullBodies
      ? 'Bodies and frames are as sent (full bodies are on): check the file before you share it.'
      : 'Bodies are included where captured.';
    return {
      text: `Wrote ${written.entries} request(s) as HAR 1.2 to ${written.path} (${bytes(written.size)}). Redacted before storing: ${describeTally(written.redacted)}. ${bodies}${await exposureWarning(written.path)}`,
    };
  },
});

export const harTools = [exportHarTool];
