/** What the dashboard shows, as the host sent it, plus what the reader chose (tab, filter, expanded rows). */
import type { AuditSummary } from '../../src/shared/audit';
import type {
  DashboardConsoleEntry,
  DashboardFrame,
  DashboardPerformance,
  DashboardScreenshot,
  DashboardTab,
  DashboardToHost,
  DashboardVerdict,
} from '../../src/shared/dashboardMessages';
import type { StoredNetworkRequest } from '../../src/shared/protocol';
import type { AgentActionFrame } from '../../src/shared/wireFrames';

declare function acquireVsCodeApi(): { postMessage(message: DashboardToHost): void };
const api = acquireVsCodeApi();

export const post = (message: DashboardToHost): void => api.postMessage(message);

export const LEVELS = ['error', 'warn', 'info', 'log', 'debug'] as const;
export const MAX_ROWS = 2000;

export const state = {
  tab: 'console' as DashboardTab,
  console: [] as DashboardConsoleEntry[],
  network: [] as StoredNetworkRequest[],
  screenshots: [] as DashboardScreenshot[],
  actions: [] as AgentActionFrame[],
  search: '',
  levels: new Set<string>(LEVELS),
  browserConnected: false,
  audit: undefined as AuditSummary | undefined,
  performance: { vitals: [] } as DashboardPerformance,
  verdict: undefined as DashboardVerdict | undefined,
  /** Tabs with results the reader has not looked at yet (a trace from an MCP client, say). */
  unseen: new Set<DashboardTab>(),
  /** Console rows the reader expanded, by entry id. */
  expanded: new Set<string>(),
  /** Mapped stacks the host sent for expanded rows. */
  frames: new Map<string, { frames: DashboardFrame[]; totalFrames: number }>(),
};
