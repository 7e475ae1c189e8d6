/** Console levels, lowest first; `level` filters are a minimum severity as on the local connector. */
export const LOG_LEVELS = ['debug', 'log', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const RANK: Record<LogLevel, number> = { debug: 0, log: 1, info: 1, warn: 2, error: 3 };

export function levelRank(level: unknown): number {
  return RANK[level as LogLevel] ?? RANK.log;
}
