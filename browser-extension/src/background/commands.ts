import type { ScreenshotOptions } from '../../../src/shared/protocol';
import { CommandError } from './commandError';
import type { InboundFrame } from './connectorLink';
import { cookiesFor, currentUrl, listTabs, navigate } from './pageCommands';
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
  const handler = HANDLERS[String(frame.name)];
  if (!handler) return reply({ type: 'reply', id, error: { code: 'UNKNOWN_COMMAND', message: `This extension does not know the command '${String(frame.name)}': update it.` } });
  try {
    reply({ type: 'reply', id, result: await handler((frame.args ?? {}) as Record<string, unknown>) });
  } catch (error) {
    reply({ type: 'reply', id, error: toError(error) });
  }
}
