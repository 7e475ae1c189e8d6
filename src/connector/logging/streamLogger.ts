import type { Writable } from 'node:stream';
import { inspect } from 'node:util';
import type { Logger } from './logger';

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogThreshold = (typeof LEVELS)[number];

/** A Logger that writes timestamped lines to a stream (stderr for the CLI, so stdout stays free for stdio MCP). */
export function streamLogger(stream: Writable, threshold: LogThreshold = 'info'): Logger {
  const min = LEVELS.indexOf(threshold);
  const write =
    (level: LogThreshold) =>
    (message: string, ...args: unknown[]) => {
      if (LEVELS.indexOf(level) < min) return;
      const extra = args
        .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : inspect(arg, { depth: 3 })))
        .join(' ');
      stream.write(
        `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${extra ? ' ' + extra : ''}\n`,
      );
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export function isLogThreshold(value: unknown): value is LogThreshold {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}
