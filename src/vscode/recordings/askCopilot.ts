import * as vscode from 'vscode';
import type { RecordingDetail, RecordingSummary } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import type { ConsoleEntry } from '../captureFeed';
import { openChat } from '../chat/openChat';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { levelOf } from '../../shared/levels';
import { chooseRecording } from './chooseRecording';
import { copilotPromptForError, copilotPromptForRecording } from './copilotPrompt';

/**
 * Opens the chat (agent mode) with the recording's summary or the source-mapped error as the request.
 * Only errors and warnings are worth a fix; a plain log is refused.
 */
export async function askCopilot(
  app: CommandContext,
  target?: RecordingSummary | ConsoleEntry,
): Promise<string | undefined> {
  const item = target ?? (await chooseRecording(app, 'ask Copilot about'));
  if (!item) return undefined;
  if ('type' in item && !['error', 'warn'].includes(levelOf(item))) return undefined;
  try {
    const query =
      'type' in item
        ? await copilotPromptForError(app, item)
        : copilotPromptForRecording(
            await callConnector<RecordingDetail>(app.session.port, 'GET', `/recordings/${item.id}`),
          );
    await openChat(query);
    // Once the fix verifies (a replay ends not reproduced), offer to keep it as a regression test.
    if (!('type' in item)) void vscode.commands.executeCommand('browserDebug.offerRegressionTest', item);
    return query;
  } catch (error) {
    await showFailure('open the chat', error);
    return undefined;
  }
}
