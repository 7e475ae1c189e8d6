import type { BrowserBridge } from './browserBridge';
import type { ConnectorConfig } from './config';
import type { Logger } from './logger';
import type { ScreenshotService } from './screenshotService';
import type { CaptureStore } from './store';

/** What the HTTP routes, the WS hub and (later) the MCP tools share. Built once per connector. */
export interface ConnectorServices {
  config: ConnectorConfig;
  logger: Logger;
  store: CaptureStore;
  bridge: BrowserBridge;
  screenshots: ScreenshotService;
  startedAt: number;
  port(): number;
  /** Open WebSocket connections, browsers and clients. */
  connections(): number;
  /** Inbound frames rejected since start. */
  invalidFrames(): number;
}
