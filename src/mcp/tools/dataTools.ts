import { z } from 'zod';
import { plural } from '../format/text';
import { defineTool, type ToolAnswer, type ToolContext } from '../tool';

function clear(_args: object, { services }: ToolContext): ToolAnswer {
  const removed = services.store.clear();
  const consoleEntries = removed.consoleLogs + removed.consoleErrors;
  const requests = removed.networkSuccess + removed.networkErrors;
  return {
    text:
      `Cleared ${plural(consoleEntries, 'console entry', 'console entries')}, ${plural(requests, 'network request')}, ` +
      `${plural(removed.selectedElements, 'selected element')} and ${plural(removed.pageLoads, 'page record')}. ` +
      'Screenshot files on disk stay. New captures get new ids, so an old id never points at a new entry.',
  };
}

export const dataTools = [
  defineTool({
    name: 'clear_logs',
    title: 'Clear captured data',
    description:
      'Deletes all captured logs, requests and page records (screenshot files stay); use before reproducing a bug.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    schema: z.strictObject({}),
    handler: clear,
  }),
];
