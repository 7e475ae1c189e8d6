import type { AuditService } from './audit/auditService';
import type { BrowserBridge } from './browserBridge';
import type { ConnectorConfig } from './config';
import type { Logger } from './logger';
import type { PerformanceService } from './performance/traceService';
import type { WebVitalsBook } from './performance/webVitals';
import type { HybridMode } from './remote/hybridMode';
import type { ScreenshotService } from './screenshotService';
import type { SourceMapper } from './sourceMapper';
import type { CaptureStore } from './store';

/** What the HTTP routes, the WS hub and the MCP tools share. Built once per connector. */
export interface ConnectorServices {
  config: ConnectorConfig;
  logger: Logger;
  store: CaptureStore;
  bridge: BrowserBridge;
  screenshots: ScreenshotService;
  /** Lighthouse audits, one at a time. VS Code registers its launched browser with `audits.useBrowser`. */
  audits: AuditService;
  /** Performance traces of the developer's tab, analysed with DevTools' trace engine. */
  performance: PerformanceService;
  /** Web Vitals per page load, as the pages measured them. */
  webVitals: WebVitalsBook;
  /** Maps captured stack frames back to the page's sources. */
  sourceMaps: SourceMapper;
  /** Hybrid mode: forwarding to an edge deployment, when a remote URL is set. */
  remote: HybridMode;
  startedAt: number;
  port(): number;
  /** Open WebSocket connections, browsers and clients. */
  connections(): number;
  /** Inbound frames rejected since start. */
  invalidFrames(): number;
}
