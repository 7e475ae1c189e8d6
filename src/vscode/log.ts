import * as vscode from 'vscode';
import type { Logger } from '../connector/logging/logger';

/** The one log: a LogOutputChannel, adapted to the Logger core code receives. */
export function createLog(): { channel: vscode.LogOutputChannel; logger: Logger } {
  const channel = vscode.window.createOutputChannel('Browser Debug', { log: true });
  const text = (message: string, args: unknown[]) =>
    [
      message,
      ...args.map((arg) =>
        arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === 'string' ? arg : JSON.stringify(arg),
      ),
    ].join(' ');
  return {
    channel,
    logger: {
      debug: (message, ...args) => channel.debug(text(message, args)),
      info: (message, ...args) => channel.info(text(message, args)),
      warn: (message, ...args) => channel.warn(text(message, args)),
      error: (message, ...args) => channel.error(text(message, args)),
    },
  };
}
