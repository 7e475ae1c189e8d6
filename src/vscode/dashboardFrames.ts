import { locationLabel } from '../shared/entryLocation';
import type { DashboardFrame } from '../shared/dashboardMessages';
import { frameLibrary } from '../shared/frameFolding';
import { framesOf, type MappedFrame } from '../shared/stackFrames';
import type { ConsoleEntry } from './captureFeed';
import type { EntryLocations } from './entryLocations';
import { workspaceRelative } from './workspacePaths';

const MAX_FRAMES = 30;

/** An expanded console row's stack: mapped frames, original and workspace-relative, each with the position that opens it. */
export async function dashboardFrames(
  entry: ConsoleEntry,
  locations: EntryLocations,
): Promise<{ frames: DashboardFrame[]; totalFrames: number }> {
  const located = await locations.locate(entry).catch(() => undefined);
  const mapped: MappedFrame[] = located?.frames.length ? located.frames : framesOf(entry);
  const frames = mapped.slice(0, MAX_FRAMES).map((frame) => {
    const name = frame.original?.name ?? frame.functionName;
    const library = frameLibrary(frame);
    return {
      label: `at ${name ? `${name} ` : ''}(${workspaceRelative(locationLabel(frame))})`,
      url: frame.url,
      line: Math.max(1, frame.line),
      column: Math.max(1, frame.column),
      ...(library ? { library } : {}),
    };
  });
  return { frames, totalFrames: Math.max(located?.totalFrames ?? 0, mapped.length) };
}
