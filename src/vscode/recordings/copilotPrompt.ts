import type { RecordingDetail } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import type { ConsoleEntry } from '../captureFeed';

const MAX_CHARS = 6_000;

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
  const verdict = recording.lastVerdict ? `\nLast replay: ${recording.lastVerdict}.` : '';
  const text = [
    `Fix the bug in this browser recording "${recording.title}" (${recording.id}).${verdict}`,
    'Steps, with the errors and failed requests each led to:',
    ...steps,
    `Find the cause in the workspace and fix it. Then check the fix with the Browser Debug tool replay_recording {"id": "${recording.id}"}: the verdict should be "not reproduced".`,
  ].join('\n');
  return text.slice(0, MAX_CHARS);
}

/** What the chat gets for a console error: the message, the stack, and where it is in the workspace (source-mapped). */
export async function copilotPromptForError(app: CommandContext, entry: ConsoleEntry): Promise<string> {
  const location = await app.navigator.locate(entry).catch(() => undefined);
  const where = location ? `${location.uri.fsPath}:${location.line + 1}:${location.column + 1}` : entry.source;
  const stack = Array.isArray(entry.stack) ? entry.stack.join('\n') : (entry.stack ?? '');
  return [
    `Fix this error from the browser${entry.url ? ` on ${entry.url}` : ''}:`,
    entry.message,
    where ? `at ${where}` : '',
    stack ? `Stack:\n${stack}` : '',
    'Find the cause in the workspace and fix it.',
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_CHARS);
}
