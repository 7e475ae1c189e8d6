import type { TraceSummary } from '../../shared/performance';
import type { SourceMapper } from '../sourceMaps/sourceMapper';

/**
 * Long tasks' scripts point at their original sources where a source map is reachable, within one
 * deadline for the whole step: a slow or hostile map server leaves the rest unmapped, never the trace
 * waiting. Results that arrive after the deadline are dropped.
 */
export async function mapTraceScripts(
  summary: TraceSummary,
  sourceMaps: Pick<SourceMapper, 'mapFrame'>,
  deadlineMs: number,
): Promise<void> {
  const refs = summary.longTasks.flatMap((task) => task.scripts).filter((ref) => ref.line !== undefined);
  let open = true;
  const mapping = Promise.all(
    refs.map(async (ref) => {
      const mapped = await sourceMaps.mapFrame({ url: ref.url, line: ref.line!, column: ref.column ?? 1 });
      if (open && mapped.original)
        ref.source = { path: mapped.original.source, line: mapped.original.line, column: mapped.original.column };
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((done) => (timer = setTimeout(done, deadlineMs)));
  await Promise.race([mapping, deadline]);
  open = false;
  clearTimeout(timer);
}
