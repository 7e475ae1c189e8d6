import type { ScreenshotOptions } from '../../../src/shared/wireFrames';
import { act } from './actions/actCommand';
import { inTabOrder } from './actions/tabQueue';
import { agentTabCommands } from './agents/agentTabs';
import { PAGE_CONTROL_HANDLERS, withActingBadge } from './actions/pageControl';
import { snapshot } from './actions/snapshotCommand';
import { CommandError } from './commandError';
import { clearHighlightBefore, highlight } from './inspection/highlight';
import { inspect } from './inspection/inspectCommand';
import { startPick } from './inspection/picking';
import type { InboundFrame } from './connectorLink';
import { networkMockCommands } from './networkMocks/mockCommands';
import { cookiesFor, currentUrl, listTabs, navigate } from './pageCommands';
import { previewImage } from './preview';
import { performanceTrace } from './performance/traceRecorder';
import { recordingCommands } from './recordings/recordingCommands';
import { runScript } from './runScript';
import { takeScreenshot } from './screenshot';

type Reply = (frame: object) => void;

const HANDLERS: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
  screenshot: (args) => takeScreenshot(args as ScreenshotOptions),
  'run-script': (args) => runScript(args),
  navigate: (args) => navigate(args),
  'current-url': (args) => currentUrl(args as { tabId?: number }),
  tabs: () => listTabs(),
  cookies: (args) => cookiesFor(args),
  'preview-image': (args) => previewImage(args),
  snapshot: (args) => snapshot(args),
  act: (args) => act(args),
  inspect: (args) => inspect(args),
  highlight: (args) => highlight(args),
  pick: (args) => startPick(typeof args.tabId === 'number' ? args.tabId : undefined),
  ...PAGE_CONTROL_HANDLERS,
  'performance-trace': (args) => performanceTrace(args),
  ...recordingCommands,
  ...networkMockCommands,
  ...agentTabCommands,
};

function toError(error: unknown): { code: string; message: string } {
  if (error instanceof CommandError) return { code: error.code, message: error.message };
  return { code: 'COMMAND_FAILED', message: error instanceof Error ? error.message : String(error) };
}

/** Carries out one command from the connector; every reply carries the request's id. */
export async function handleCommand(frame: InboundFrame, reply: Reply): Promise<void> {
  if (frame.type === 'screenshot-request') {
    const requestId = String(frame.requestId);
    try {
      // The connector validated these against the protocol schema; zod stays out of the worker's bundle.
      const options = (frame.options ?? {}) as ScreenshotOptions;
      const { data, preview } = await takeScreenshot(options);
      reply({ type: 'screenshot-data', requestId, data, preview, timestamp: Date.now() });
    } catch (error) {
      reply({ type: 'screenshot-data', requestId, error: toError(error).message, timestamp: Date.now() });
    }
    return;
  }
  if (frame.type !== 'command') return;
  const id = String(frame.id);
  try {
    reply({
      type: 'reply',
      id,
      result: await runCommand(String(frame.name), (frame.args ?? {}) as Record<string, unknown>),
    });
  } catch (error) {
    reply({ type: 'reply', id, error: toError(error) });
  }
}

/** One command by name, for the connector and for remote mode's tunnel alike; fails with a CommandError. */
export function runCommand(name: string, args: Record<string, unknown>): Promise<unknown> {
  // Own keys only: a name such as "constructor" must not reach Object's prototype.
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  if (!handler)
    return Promise.reject(
      new CommandError('UNKNOWN_COMMAND', `This extension does not know the command '${name}': update it.`),
    );
  return inTabOrder(name, args, (ordered) =>
    withActingBadge(name, ordered, async (withTab) => (await clearHighlightBefore(name, withTab), handler(withTab))),
  );
}
