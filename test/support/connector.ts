import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../../src/connector/connector';
import type { ConfigOverrides } from '../../src/connector/config/config';
import { VERSION } from '../../src/shared/version';
import { TestSocket } from './wsClient';

export interface TestConnector {
  connector: Connector;
  port: number;
  screenshotDir: string;
  stop(): Promise<void>;
}

/** A real connector on a free loopback port with its own screenshot folder. */
export async function startTestConnector(overrides: ConfigOverrides = {}): Promise<TestConnector> {
  const screenshotDir = mkdtempSync(join(tmpdir(), 'bd-shots-'));
  const connector = await Connector.start({
    port: 0,
    ...overrides,
    screenshots: { dir: screenshotDir, ...overrides.screenshots },
  });
  return {
    connector,
    port: connector.port,
    screenshotDir,
    stop: async () => {
      await connector.stop();
      rmSync(screenshotDir, { recursive: true, force: true });
    },
  };
}

/** Stands in for the browser extension until a real one is in the loop. */
export async function connectFakeBrowser(port: number, version = VERSION, instanceId?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`ws://127.0.0.1:${port}/extension-ws`);
  await socket.ofType('connection-established');
  socket.send({ type: 'hello', protocolVersion: 1, client: 'browser-extension', version, instanceId });
  return socket;
}

export function consoleLog(message: string, extra: Record<string, unknown> = {}) {
  return { type: 'console-log', level: 'log', message, timestamp: Date.now(), ...extra };
}

export function networkRequest(url: string, status: number, extra: Record<string, unknown> = {}) {
  return { type: 'network-request', method: 'GET', url, status, timestamp: Date.now(), duration: 12, ...extra };
}

export { until } from './until';
