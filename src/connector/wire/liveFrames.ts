import type { ServerFrame } from '../../shared/wireFrames';
import type { ConnectorServices } from '../services';

/** Sends a frame to every live client; `stored` marks a stored capture (held back while a client replays). */
export type Broadcast = (frame: ServerFrame, stored?: boolean) => void;

/**
 * What live `/ws` clients are told as it happens: every stored capture, the assistant's actions, clears,
 * browser and remote status, performance records, recordings and mock changes, and captured screenshots.
 * Returns the unsubscribers.
 */
export function streamServiceEvents(
  services: ConnectorServices,
  broadcast: Broadcast,
  status: { browser: () => ServerFrame; remote: () => ServerFrame },
): (() => void)[] {
  const { store, bridge, screenshots, remote, actionLog, performance } = services;
  return [
    store.onEntry((entry) => broadcast(entry as ServerFrame, true)),
    actionLog.onRecord((record) => broadcast(record)),
    store.onCleared(() => broadcast({ type: 'cleared', timestamp: Date.now() })),
    bridge.onChange(() => broadcast(status.browser())),
    remote.onStatus(() => broadcast(status.remote())),
    performance.onRecord((record) => broadcast(record)),
    services.recordings.onChange(() => broadcast({ type: 'recordings-changed', timestamp: Date.now() })),
    services.networkMocks.onChange((mocks) => broadcast({ type: 'network-mocks', mocks, timestamp: Date.now() })),
    screenshots.onCaptured(({ requestId, dataUrl, entry }) =>
      broadcast({
        type: 'screenshot-captured',
        requestId,
        screenshot: dataUrl,
        path: entry.path,
        timestamp: entry.timestamp,
      }),
    ),
  ];
}
