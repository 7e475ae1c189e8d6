import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ConfigOverrides } from '../connector/config/config';
import { resolveConfig } from '../connector/config/config';
import { AlreadyRunningError } from '../connector/connector';
import { probeIdentity } from '../connector/startup/identityProbe';
import { secretHeaders, userSecret } from '../connector/trust/userSecret';
import type { Logger } from '../connector/logging/logger';
import { VERSION } from '../shared/version';
import { startConnectorWithMcp } from './connectorWithMcp';
import { FIRST_BROWSER_GRACE_MS, waitForFirstBrowser } from './firstBrowser';
import { createMcpServer, type McpOptions } from './server';

/** Where the stdio bin's tool calls go: a running connector's `/mcp`, or a connector of its own. */
export interface Backend {
  client: Client;
  /** e.g. `the connector on port 3025` */
  describe: string;
  /** Resolves once a tool call may go ahead: a connector this process just started waits briefly for a browser. */
  ready?(): Promise<void>;
  close(): Promise<void>;
}

/** The lowest port in the range where a Browser Debug connector answers; all ports are probed at once. */
export async function findConnector(
  host: string,
  first: number,
  last: number,
  timeoutMs = 1000,
): Promise<number | undefined> {
  const ports = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
  const probes = await Promise.all(ports.map((port) => probeIdentity(host, port, timeoutMs)));
  const index = probes.findIndex((probe) => probe.ours);
  return index < 0 ? undefined : ports[index];
}

/**
 * The running connector's `/mcp`, with this user's secret read from its file (never from argv or config).
 * The bridge's client takes the stdio client's name, so the connector names the agent after it.
 */
async function bridgeTo(
  host: string,
  port: number,
  secretFile: string,
  clientName?: Promise<string>,
): Promise<Backend> {
  const name = (await clientName) || 'browser-debug-mcp-bridge';
  const client = new Client({ name, version: VERSION });
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const requestInit = { headers: secretHeaders(userSecret(secretFile)) };
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://${hostPart}:${port}/mcp`), { requestInit }));
  return { client, describe: `the connector on port ${port}`, close: () => client.close() };
}

async function embed(
  overrides: ConfigOverrides,
  options: McpOptions,
  logger: Logger,
  clientName?: Promise<string>,
): Promise<Backend> {
  // Other MCP clients and the browser reach this connector too, as if it were standalone.
  const running = await startConnectorWithMcp(overrides, { ...options, logger });
  const { connector } = running;
  // Browsers can only find this connector from now on; their reconnect backoff takes a few seconds.
  const browserDeadline = Date.now() + FIRST_BROWSER_GRACE_MS;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const name = await clientName;
  await createMcpServer(connector.services, name ? { ...options, clientName: name } : options).connect(serverSide);
  const client = new Client({ name: 'browser-debug-mcp-embedded', version: VERSION });
  await client.connect(clientSide);
  return {
    client,
    describe: `the connector this process started on port ${connector.port}`,
    ready: () => waitForFirstBrowser(connector.services.bridge, browserDeadline),
    close: async () => {
      await client.close();
      await running.stop('MCP client disconnected');
    },
  };
}

/**
 * Finds a running connector and bridges to it, or starts one in this process. Two bins starting at
 * once may both find nothing; the second to bind then sees the first and bridges to it.
 */
export async function resolveBackend(
  overrides: ConfigOverrides,
  options: McpOptions,
  logger: Logger,
  /** The stdio client's name once it initialized; the backend's session waits for it (discovery does not). */
  clientName?: Promise<string>,
): Promise<Backend> {
  const config = resolveConfig(overrides);
  const found = await findConnector(config.host, config.port, config.maxPort);
  if (found !== undefined) {
    try {
      const backend = await bridgeTo(config.host, found, config.secretFile, clientName);
      logger.info(`Using the Browser Debug connector on port ${found}.`);
      return backend;
    } catch (error) {
      // A connector that is shutting down still answers on kept-alive connections, but takes no new ones.
      logger.warn(
        `The connector on port ${found} did not take an MCP session (${(error as Error).message}); starting one here.`,
      );
    }
  }
  try {
    const backend = await embed(overrides, options, logger, clientName);
    logger.info(`No connector was running: started ${backend.describe}.`);
    return backend;
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    logger.info(`A connector started meanwhile on port ${error.port}; using it.`);
    return bridgeTo(config.host, error.port, config.secretFile, clientName);
  }
}
