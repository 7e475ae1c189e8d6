import type { AuditService } from './audit/auditService';
import type { BrowserBridge } from './browserBridge';
import type { ConnectorConfig } from './config';
import type { Logger } from './logger';
import type { RecordingService } from './recordings/recordingService';
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
  /** Maps captured stack frames back to the page's sources. */
  sourceMaps: SourceMapper;
  /** Recordings of the developer's input, their files and replays. */
  recordings: RecordingService;
  /** Hybrid mode: forwarding to an edge deployment, when a remote URL is set. */
  remote: HybridMode;
  startedAt: number;
  port(): number;
  /** Open WebSocket connections, browsers and clients. */
  connections(): number;
  /** Inbound frames rejected since start. */
  invalidFrames(): number;
}
