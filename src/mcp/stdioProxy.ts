import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Progress,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../connector/logging/logger';
import { VERSION } from '../shared/version';
import type { Backend } from './backend';
import { INSTRUCTIONS, MCP_SERVER_NAME } from './server';

/** Without progress from our client, still allow for the longest audit (10 min) rather than the SDK's 60 s. */
const BACKEND_TIMEOUT_MS = 600_000;

/** Relays the backend's progress to our stdio client under the token that client chose. */
function progressForwarder(
  token: string | number | undefined,
  send: (notification: ServerNotification) => Promise<void>,
): ((progress: Progress) => void) | undefined {
  if (token === undefined) return undefined;
  return (progress) =>
    void send({ method: 'notifications/progress', params: { ...progress, progressToken: token } }).catch(
      () => undefined,
    );
}

/**
 * The stdio face of the bin. It answers `initialize` itself at once, so discovery never delays the
 * handshake, and forwards `tools/list` and `tools/call` to the backend once it is known. A backend that
 * stops answering (its connector quit) is dropped, and the next call finds or starts another.
 */
export class StdioProxy {
  readonly server: Server;
  /** The stdio client's own name (its `clientInfo`), once it initialized: the agent the connector names. */
  readonly clientName: Promise<string>;
  private backend: Promise<Backend> | undefined;

  constructor(
    private readonly resolve: () => Promise<Backend>,
    private readonly logger: Logger,
  ) {
    this.server = new Server(
      { name: MCP_SERVER_NAME, title: 'Browser Debug', version: VERSION },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
    );
    this.clientName = new Promise((resolve) => {
      this.server.oninitialized = () => {
        const client = this.server.getClientVersion();
        resolve(client?.title ?? client?.name ?? '');
      };
    });
    this.server.setRequestHandler(ListToolsRequestSchema, async (request) =>
      (await this.current()).client.listTools(request.params),
    );
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.call(
        request.params,
        progressForwarder(request.params._meta?.progressToken, extra.sendNotification),
        extra.signal,
      ),
    );
  }

  /** Starts discovery now, in parallel with the handshake. */
  start(): void {
    void this.current().catch(() => undefined);
  }

  /** Forgets the backend and closes it (stopping a connector this process started). */
  async close(): Promise<void> {
    const backend = this.backend;
    this.backend = undefined;
    await (await backend?.catch(() => undefined))?.close();
  }

  private current(): Promise<Backend> {
    this.backend ??= this.resolve().catch((error: Error) => {
      this.backend = undefined;
      this.logger.error(`No MCP backend: ${error.message}`);
      throw new Error(
        `Browser Debug could not find or start a connector: ${error.message}. Set BROWSER_DEBUG_PORT to a free port, or start one with npm start, then call again.`,
      );
    });
    return this.backend;
  }

  private async call(
    params: { name: string; arguments?: Record<string, unknown> },
    onprogress: ((progress: Progress) => void) | undefined,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    let backend: Backend;
    try {
      backend = await this.current();
    } catch (error) {
      return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
    }
    await backend.ready?.();
    try {
      // An audit can wait behind others and run for a minute: the backend's progress keeps the call alive.
      const options = onprogress
        ? { onprogress, resetTimeoutOnProgress: true, signal }
        : { timeout: BACKEND_TIMEOUT_MS, signal };
      return (await backend.client.callTool(params, undefined, options)) as CallToolResult;
    } catch (error) {
      if (error instanceof McpError) throw error;
      // The transport failed: the connector went away. Not retried here, since a script may have run.
      this.logger.warn(`Lost ${backend.describe}: ${(error as Error).message}`);
      void this.close().catch(() => undefined);
      return {
        content: [
          {
            type: 'text',
            text: `Lost ${backend.describe} (${(error as Error).message}). Call the tool again: the next call finds a running connector or starts one.`,
          },
        ],
        isError: true,
      };
    }
  }
}
