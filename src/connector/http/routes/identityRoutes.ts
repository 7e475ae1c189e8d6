import { PROTOCOL_VERSION, SERVER_NAME, SIGNATURE } from '../../../shared/identity';
import { VERSION } from '../../../shared/version';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

const MB = 1024 * 1024;

/** `/.identity`, `/.port` and `/health`: cheap answers a client uses to find and trust us. */
export function identityRoutes(services: ConnectorServices): Route[] {
  const cpu = cpuTracker();
  return [
    {
      method: 'GET',
      path: '/.identity',
      handle: () => ({
        port: services.port(),
        name: SERVER_NAME,
        version: VERSION,
        signature: SIGNATURE,
        protocolVersion: PROTOCOL_VERSION,
        status: 'healthy',
        uptime: Date.now() - services.startedAt,
        connections: services.connections(),
        timestamp: new Date().toISOString(),
        features: { screenshots: true, engine: true, websocket: true },
      }),
    },
    { method: 'GET', path: '/.port', handle: () => ({ port: services.port() }) },
    {
      method: 'GET',
      path: '/health',
      handle: () => {
        const browsers = services.bridge.count;
        const browserCheck = browsers > 0 ? 'ok' : 'no browser extension connected';
        const remote = services.remote.status();
        return {
          ...(remote ? { remote } : {}),
          status: 'healthy',
          version: VERSION,
          uptime: Date.now() - services.startedAt,
          checks: {
            websocket: 'ok',
            chrome: browserCheck,
            engine: services.audits.availability(),
          },
          metrics: {
            memoryUsage: `${(process.memoryUsage.rss() / MB).toFixed(1)} MB`,
            cpuUsage: `${cpu().toFixed(1)}%`,
            activeConnections: services.connections(),
            browsers,
            storedEntries: services.store.counts(),
            invalidFrames: services.invalidFrames(),
          },
        };
      },
    },
  ];
}

/** CPU use of this process since the previous call, as a percentage of one core. */
function cpuTracker(): () => number {
  let last = process.cpuUsage();
  let lastAt = process.hrtime.bigint();
  return () => {
    const now = process.hrtime.bigint();
    const usage = process.cpuUsage(last);
    const elapsedMicros = Number(now - lastAt) / 1000;
    last = process.cpuUsage();
    lastAt = now;
    return elapsedMicros > 0 ? ((usage.user + usage.system) / elapsedMicros) * 100 : 0;
  };
}
