import type { CommandHandlers } from '../../../../src/shared/browserCommands';
import type { ExtensionMessage } from '../../common/messages';
import type { ConnectorLink } from '../connectorLink';
import { screencastStepEnded } from '../screencast/screencastRecorder';
import { replayStep } from './replayStep';
import { TabRecorder } from './tabRecorder';
import { visualShot } from './visualShot';

export const tabRecorder = new TabRecorder();

/** The connector's recording commands (see src/connector/recordings/). */
export const recordingCommands: Pick<
  CommandHandlers,
  'record-start' | 'record-stop' | 'record-status' | 'replay-step' | 'visual-shot'
> = {
  'record-start': (args) => tabRecorder.start(args),
  'record-stop': (args) => tabRecorder.stop(args),
  'record-status': () => Promise.resolve(tabRecorder.status ?? null),
  // The connector validated the step against @puppeteer/replay before sending it. A replay's video keeps
  // the picture each step left (ran or failed) as that step's still.
  'replay-step': (args) => replayStep(args).finally(() => screencastStepEnded(args.tabId)),
  'visual-shot': visualShot,
};

type RecordingMessage = Extract<ExtensionMessage, { kind: 'recording-step' | 'recording-dialog' | 'recording-toggle' }>;

/** Steps and dialogs from the page recorder, and the popup's Record/Stop button. */
export async function handleRecordingMessage(
  message: RecordingMessage,
  sender: chrome.runtime.MessageSender,
  link: ConnectorLink,
): Promise<unknown> {
  const tabId = sender.tab?.id;
  if (message.kind === 'recording-step') {
    tabRecorder.onStep(tabId, message.step, message.timestamp, message.secret, sender.frameId);
    if (crossOriginSender(sender)) tabRecorder.onCrossOriginFrame(tabId, message.step.frame);
    return undefined;
  }
  if (message.kind === 'recording-dialog') return tabRecorder.onDialog(tabId, message.text, message.timestamp);
  return toggleFromPopup(link);
}

/** A subframe whose origin (as the browser reports it) differs from the tab's page. */
function crossOriginSender(sender: chrome.runtime.MessageSender): boolean {
  if (!sender.frameId || !sender.origin || !sender.tab?.url) return false;
  try {
    return sender.origin !== new URL(sender.tab.url).origin;
  } catch {
    return false;
  }
}

/**
 * Record and Stop go through the connector, which owns recordings (ids, files, timeline); it then
 * sends record-start / record-stop back here.
 */
async function toggleFromPopup(link: ConnectorLink): Promise<{ id?: string; error?: string }> {
  if (link.state !== 'connected' || !link.base)
    return { error: 'Not connected to the connector: recordings are kept there.' };
  const running = tabRecorder.status;
  const path = running ? `/recordings/${running.id}/stop` : '/recordings';
  const response = await link.post(path, {});
  const body = (await response.json()) as { id?: string; error?: { message: string } };
  return body.error ? { error: body.error.message } : { id: body.id };
}
