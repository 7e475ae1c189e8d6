/**
 * Names and presets of the page-control commands (emulation, history, tabs, waits, dialogs, uploads),
 * shared by the connector and the browser extension.
 */
export const NETWORK_PRESETS = ['offline', 'slow-3g', 'fast-3g', 'slow-4g', 'none'] as const;
export type NetworkPreset = (typeof NETWORK_PRESETS)[number];

export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export interface Viewport {
  width: number;
  height: number;
  deviceScaleFactor?: number;
  mobile?: boolean;
}

/** What `emulate` asks for; absent fields keep what is in force. `reset` clears everything first. */
export interface EmulationRequest {
  viewport?: Viewport;
  network?: NetworkPreset;
  cpuThrottling?: number;
  colorScheme?: ColorScheme;
  reset?: boolean;
}

/** Network.emulateNetworkConditions figures, as Chrome DevTools' throttling presets define them. */
export const NETWORK_CONDITIONS: Record<
  Exclude<NetworkPreset, 'none' | 'offline'>,
  { latency: number; downloadThroughput: number; uploadThroughput: number }
> = {
  'slow-3g': { latency: 2000, downloadThroughput: (500_000 / 8) * 0.8, uploadThroughput: (500_000 / 8) * 0.8 },
  'fast-3g': { latency: 562.5, downloadThroughput: (1_600_000 / 8) * 0.9, uploadThroughput: (750_000 / 8) * 0.9 },
  'slow-4g': { latency: 165, downloadThroughput: (9_000_000 / 8) * 0.9, uploadThroughput: (1_500_000 / 8) * 0.9 },
};

export const HISTORY_ACTIONS = ['back', 'forward', 'reload'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const WAIT_DEFAULT_MS = 5000;
export const WAIT_MAX_MS = 30_000;
