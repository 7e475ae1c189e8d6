/**
 * Messages between the dashboard webview and the extension host. The webview never calls the
 * connector: the host relays data. The webview posts `ready` before the host sends anything.
 */
import { z } from 'zod';
import type { AuditSummary } from './audit';
import type { StoredConsoleError, StoredConsoleLog, StoredNetworkRequest } from './protocol';
import type { ReplayVerdict } from './recording';

/** The last replay's verdict, shown above the dashboard's tabs. */
export interface DashboardVerdict {
  title: string;
  verdict: ReplayVerdict;
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

export type DashboardData = {
  console: (StoredConsoleLog | StoredConsoleError)[];
  network: StoredNetworkRequest[];
  screenshots: DashboardScreenshot[];
  pageLoads: DashboardPageLoad[];
};

export type HostToDashboard =
  | ({ type: 'snapshot'; browserConnected: boolean; audit?: AuditSummary } & DashboardData)
  | { type: 'audit'; audit: AuditSummary }
  | ({ type: 'verdict' } & DashboardVerdict)
  | ({ type: 'entries' } & DashboardData)
  | { type: 'status'; browserConnected: boolean }
  | { type: 'cleared' };

export const dashboardToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('openScreenshot'), id: z.string() }),
  z.object({ type: z.literal('jumpToSource'), id: z.string() }),
  z.object({ type: z.literal('openRequest'), id: z.string() }),
  z.object({ type: z.literal('runCommand'), command: z.enum(['browserDebug.captureScreenshot', 'browserDebug.clearCapturedData', 'browserDebug.runAccessibilityAudit', 'browserDebug.runPerformanceAudit', 'browserDebug.runFullAudit']) }),
  z.object({ type: z.literal('openReport') }),
]);
export type DashboardToHost = z.infer<typeof dashboardToHostSchema>;
