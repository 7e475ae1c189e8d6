import type { BrowserBridge } from './browserBridge';
import type { ConnectorConfig } from './config';
import type { Logger } from './logger';
import type { ScreenshotService } from './screenshotService';
import type { CaptureStore } from './store';

/**
 * The services every feature builds on. Features take this (or a Pick of it) rather than the whole
 * ConnectorServices, which names the features themselves: that keeps the import graph free of circles.
 */
export interface CoreServices {
  config: ConnectorConfig;
  logger: Logger;
  store: CaptureStore;
  bridge: BrowserBridge;
  screenshots: ScreenshotService;
}
