import type { AuditRunInfo } from '../../shared/audit';
import type { PuppeteerBrowser } from './lighthouseModules';

export type AuditBrowserKind = AuditRunInfo['browser'];

/** The browser an audit runs in, connected; the audit itself opens a throwaway context in it. */
export interface AuditBrowserSession {
  kind: AuditBrowserKind;
  label: string;
  browser: PuppeteerBrowser;
  /** Disconnects from a user's browser, or hands the warm headless one back for the next audit. */
  close(): Promise<void>;
  /** Ends a headless browser for good: after a timeout or cancel, Lighthouse may still be driving it. */
  discard?(): Promise<void>;
}
