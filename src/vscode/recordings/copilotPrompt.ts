import type { RecordingDetail } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import type { ConsoleEntry } from '../captureFeed';
import { chatPrompt } from '../chat/chatPrompt';

/** What the chat gets for a recording: the steps with the errors each led to, and how to check a fix. */
export function copilotPromptForRecording(recording: RecordingDetail): string {
  const problems = new Map<number, string[]>();
  for (const entry of recording.timeline) {
    if (entry.kind === 'error' || entry.kind === 'request')
      problems.set(entry.step, [...(problems.get(entry.step) ?? []), `   ✗ ${entry.text}`]);
  }
  const steps = recording.timeline
    .filter((entry) => entry.kind === 'step')
    .flatMap((entry) => [`${entry.step + 1}. ${entry.text}`, ...(problems.get(entry.step) ?? [])]);
  const verdict = recording.lastVerdict ? ` Last replay: ${recording.lastVerdict}.` : '';
  return chatPrompt({
    ask: `Fix the bug in this browser recording (${recording.id}).${verdict} Its title, steps, and the errors and failed requests each led to:`,
    page: [`Title: "${recording.title}"`, ...steps],
    then: `Find the cause in the workspace and fix it. Then check the fix with the Browser Debug tool replay_recording {"id": "${recording.id}", "video": true}: the verdict should be "not reproduced". When it is, end with the Markdown of export_fix_receipt {"id": "${recording.id}"}, the fail→pass receipt for the pull request.`,
  });
}

/** What the chat gets for a console error: the message, the stack, and where it is in the workspace (source-mapped). */
export async function copilotPromptForError(
  app: Pick<CommandContext, 'navigator'>,
  entry: ConsoleEntry,
): Promise<string> {
  const location = await app.navigator.locate(entry).catch(() => undefined);
  const stack = Array.isArray(entry.stack) ? entry.stack.join('\n') : (entry.stack ?? '');
  // The workspace file is ours; the script URL, page URL, message and stack are the page's.
  const page = [
    entry.url ? `Page: ${entry.url}` : '',
    entry.message,
    !location && entry.source ? `at ${entry.source}` : '',
    stack ? `Stack:\n${stack}` : '',
  ].filter(Boolean);
  return chatPrompt({
    ask: `Fix this error from the browser${location ? ` (at ${location.uri.fsPath}:${location.line + 1}:${location.column + 1})` : ''}:`,
    page,
    then: 'Find the cause in the workspace and fix it.',
  });
}
