import type { CommandArgs, CommandHandlers, CommandName, CommandReply } from '../../../src/shared/browserCommands';
import { isCommandName } from '../../../src/shared/browserCommands';
import type { ServerFrame } from '../../../src/shared/wireFrames';
import { act } from './actions/actCommand';
import { inTabOrder } from './actions/tabQueue';
import { agentTabCommands } from './agents/agentTabs';
import { PAGE_CONTROL_HANDLERS, withActingBadge } from './actions/pageControl';
import { snapshot } from './actions/snapshotCommand';
import { CommandError } from './commandError';
import { tabTarget } from './heap/tabTarget';
import { clearHighlightBefore, highlight } from './inspection/highlight';
import { inspect } from './inspection/inspectCommand';
import { startPick } from './inspection/picking';
import { networkMockCommands } from './networkMocks/mockCommands';
import { cookiesFor, currentUrl, listTabs, navigate } from './pageCommands';
import { previewImage } from './preview';
import { performanceTrace } from './performance/traceRecorder';
import { recordingCommands } from './recordings/recordingCommands';
import { runScript } from './runScript';
import { screencastCommands } from './screencast/screencastRecorder';
import { takeScreenshot } from './screenshot';

type Reply = (frame: object) => void;

/** Every command of the shared map, typed from it: a command missing here, or one the map lacks, does not compile. */
const HANDLERS: CommandHandlers = {
  screenshot: takeScreenshot,
  'run-script': runScript,
  navigate,
  'current-url': currentUrl,
  tabs: listTabs,
  cookies: cookiesFor,
  'preview-image': previewImage,
  snapshot,
  act,
  inspect,
  highlight,
  pick: (args) => startPick(args.tabId),
  ...PAGE_CONTROL_HANDLERS,
  'performance-trace': performanceTrace,
  'tab-target': tabTarget,
  ...recordingCommands,
  ...screencastCommands,
  ...networkMockCommands,
  ...agentTabCommands,
};

function toError(error: unknown): { code: string; message: string } {
  if (error instanceof CommandError) return { code: error.code, message: error.message };
  return { code: 'COMMAND_FAILED', message: error instanceof Error ? error.message : String(error) };
}

/** Carries out one command from the connector; every reply carries the request's id. */
export async function handleCommand(frame: ServerFrame, reply: Reply): Promise<void> {
  if (frame.type === 'screenshot-request') {
    const { requestId } = frame;
    try {
      const { data, preview } = await takeScreenshot(frame.options);
      reply({ type: 'screenshot-data', requestId, data, preview, timestamp: Date.now() });
    } catch (error) {
      reply({ type: 'screenshot-data', requestId, error: toError(error).message, timestamp: Date.now() });
    }
    return;
  }
  if (frame.type !== 'command') return;
  const { id } = frame;
  try {
    reply({ type: 'reply', id, result: await runNamed(frame.name, frame.args) });
  } catch (error) {
    reply({ type: 'reply', id, error: toError(error) });
  }
}

/**
 * A command named on the wire. The connector typed its arguments from the same map (its frames are
 * trusted, zod stays out of the worker's bundle); each handler still refuses arguments it cannot use.
 */
function runNamed(name: string, args: unknown): Promise<unknown> {
  if (!isCommandName(name))
    return Promise.reject(
      new CommandError('UNKNOWN_COMMAND', `This extension does not know the command '${name}': update it.`),
    );
  const record = args && typeof args === 'object' ? args : {};
  return runCommand(name, record as CommandArgs<typeof name>);
}

/** One command, for the connector and for remote mode's tunnel alike; fails with a CommandError. */
export function runCommand<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<CommandReply<K>> {
  const handler: CommandHandlers[K] = HANDLERS[name];
  return inTabOrder(name, args, (ordered) =>
    withActingBadge(name, ordered, async (withTab) => {
      await clearHighlightBefore(name, withTab);
      return handler(withTab);
    }),
  );
}
