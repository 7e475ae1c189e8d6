import type { BrowserBridge } from './wire/browserBridge';
import type { ConnectorConfig } from './config/config';
import type { Logger } from './logging/logger';
import type { ScreenshotService } from './screenshots/screenshotService';
import type { CaptureStore } from './capture/store';

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
