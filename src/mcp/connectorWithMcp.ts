import type { ConfigOverrides } from '../connector/config/config';
import { Connector } from '../connector/connector';
import type { Logger } from '../connector/logging/logger';
import { mountMcp, type McpMount } from './httpTransports';
import type { McpOptions } from './server';

export interface RunningConnector {
  connector: Connector;
  stop(reason?: string): Promise<void>;
}

/** The connector with the MCP transports mounted: what `npm start`, the stdio bin and VS Code run. */
export async function startConnectorWithMcp(
  overrides: ConfigOverrides,
  options: McpOptions & { logger: Logger; journalFile?: string },
): Promise<RunningConnector> {
  let mount: McpMount | undefined;
  const connector = await Connector.start(overrides, {
    logger: options.logger,
    journalFile: options.journalFile,
    extraRoutes: (app, services) => (mount = mountMcp(app, services, options)),
  });
  return {
    connector,
    stop: async (reason) => {
      mount?.close();
      await connector.stop(reason);
    },
  };
}
