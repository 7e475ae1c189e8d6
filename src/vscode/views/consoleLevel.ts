import { levelOf } from '../../shared/levels';
import type { ConsoleEntry } from '../captureFeed';

/** The tree item's context: errors and warnings offer "Ask Copilot to Fix", plain logs do not. */
export function consoleContextValue(entry: ConsoleEntry): string {
  const level = levelOf(entry);
  return level === 'error' || level === 'warn' ? 'consoleEntry.problem' : 'consoleEntry';
}
