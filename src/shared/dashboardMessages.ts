/**
 * Messages between the dashboard webview and the extension host. The webview never calls the
 * connector: the host relays data. The webview posts `ready` before the host sends anything.
 */
import { z } from 'zod';
import type { AuditSummary } from './audit';
import type { LeakReport } from './leaks';
import type { PageLoadVitals, PerformanceTraceRecord } from './performance';
import type { StoredConsoleError, StoredConsoleLog, StoredNetworkRequest } from './protocol';
import type { AgentActionFrame } from './wireFrames';
import type { ReplayVerdict } from './recording';

/** The last replay's verdict, shown above the dashboard's tabs. */
export interface DashboardVerdict {
  title: string;
  verdict: ReplayVerdict;
}

/** The last leak check the user ran (Find Leaks…): its verdict, growth chart and groups, above the tabs. */
export interface DashboardLeaks {
  title: string;
  report: LeakReport;
}

export interface DashboardScreenshot {
  id: string;
  /** A webview resource URI of the image. */
  src: string;
  path: string;
  width: number;
  height: number;
  timestamp: number;
}

export interface DashboardPageLoad {
  id: string;
  url: string;
  title?: string;
}

/** A console entry with where it happened, original first (`/src/App.tsx:6:5`), once mapped. */
export type DashboardConsoleEntry = (StoredConsoleLog | StoredConsoleError) & { location?: string };

export type DashboardData = {
  console: DashboardConsoleEntry[];
  network: StoredNetworkRequest[];
  screenshots: DashboardScreenshot[];
  pageLoads: DashboardPageLoad[];
  /** What the assistant did in the browser (the Agent tab), oldest first. */
  actions: AgentActionFrame[];
};

/** What the Performance tab shows: Web Vitals per page load (newest last) and the latest trace. */
export interface DashboardPerformance {
  vitals: PageLoadVitals[];
  trace?: PerformanceTraceRecord;
}

/** The dashboard's tabs; the host names one only when the user's own command asked for it. */
export type DashboardTab = 'console' | 'network' | 'screenshots' | 'performance' | 'agent';

/** One frame of an expanded console row: what it reads as, and the script position that opens it. */
export interface DashboardFrame {
  /** `at render (src/App.tsx:6:5)`, original and workspace-relative when mapped. */
  label: string;
  url: string;
  line: number;
  column: number;
  /** A framework or library frame (shown dimmed). */
  library?: string;
}

export type HostToDashboard =
  | ({
      type: 'snapshot';
      browserConnected: boolean;
      audit?: AuditSummary;
      performance?: DashboardPerformance;
    } & DashboardData)
  | ({ type: 'performance' } & DashboardPerformance)
  | { type: 'audit'; audit: AuditSummary }
  | ({ type: 'verdict' } & DashboardVerdict)
  | ({ type: 'leaks' } & DashboardLeaks)
  | ({ type: 'entries' } & DashboardData)
  | { type: 'status'; browserConnected: boolean }
  | { type: 'cleared' }
  | { type: 'locations'; locations: { id: string; location: string }[] }
  | { type: 'details'; id: string; frames: DashboardFrame[]; totalFrames: number }
  | { type: 'showTab'; tab: DashboardTab };

export const dashboardToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('openScreenshot'), id: z.string() }),
  z.object({ type: z.literal('jumpToSource'), id: z.string() }),
  z.object({ type: z.literal('openRequest'), id: z.string() }),
  z.object({
    type: z.literal('runCommand'),
    command: z.enum([
      'browserDebug.captureScreenshot',
      'browserDebug.clearCapturedData',
      'browserDebug.runAccessibilityAudit',
      'browserDebug.runPerformanceAudit',
      'browserDebug.runFullAudit',
    ]),
  }),
  z.object({ type: z.literal('stopAgent'), id: z.number().int() }),
  z.object({ type: z.literal('openReport') }),
  z.object({ type: z.literal('openTraceFile') }),
  z.object({
    type: z.literal('openScript'),
    url: z.string().max(4000),
    line: z.number().int().positive(),
    column: z.number().int().positive(),
  }),
  z.object({ type: z.literal('recordTrace') }),
  /** A console row was expanded: the host answers `details` with its mapped stack. */
  z.object({ type: z.literal('expand'), id: z.string().max(200) }),
  /** The verdict banner was closed: the host stops showing it until the next replay. */
  z.object({ type: z.literal('dismissVerdict') }),
  /** The leak view was closed: the host stops showing it until the next leak check. */
  z.object({ type: z.literal('dismissLeaks') }),
]);
export type DashboardToHost = z.infer<typeof dashboardToHostSchema>;
