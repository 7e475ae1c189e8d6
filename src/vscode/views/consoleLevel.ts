import type { LogLevel } from '../../shared/levels';
import type { ConsoleEntry } from '../captureFeed';

/** An uncaught error counts as an error; a console call has its own level. */
export function levelOf(entry: ConsoleEntry): LogLevel {
  return entry.type === 'console-error' ? 'error' : entry.level;
}

/** The tree item's context: errors and warnings offer "Ask Copilot to Fix", plain logs do not. */
export function consoleContextValue(entry: ConsoleEntry): string {
  const level = levelOf(entry);
  return level === 'error' || level === 'warn' ? 'consoleEntry.problem' : 'consoleEntry';
}
