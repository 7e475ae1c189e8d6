/** Console levels, lowest severity first. `log` and `info` share a rank. */
export const LOG_LEVELS = ['debug', 'log', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK: Record<LogLevel, number> = { debug: 0, log: 1, info: 1, warn: 2, error: 3 };

/** `level` filters are a minimum severity: `warn` keeps warn and error. */
export function meetsLevel(level: LogLevel, minimum: LogLevel): boolean {
  return RANK[level] >= RANK[minimum];
}

/** A console entry's level: an uncaught error counts as an error, a console call has its own level. */
export function levelOf(entry: { type: 'console-error' } | { type: 'console-log'; level: LogLevel }): LogLevel {
  return entry.type === 'console-error' ? 'error' : entry.level;
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** A level's severity rank (unknown levels rank as `log`): what an index of captures sorts and filters by. */
export function levelRank(level: unknown): number {
  return RANK[level as LogLevel] ?? RANK.log;
}
