import { randomToken } from '../base/crypto';
import type { CommandReply } from '../base/durableObjects';
import type { RemoteCommandName } from '../../../src/shared/remote/commandGuard';
import { ApiError } from '../../../src/shared/errors';
import type { SocketInfo } from './frames';
import { PendingCommands } from './pendingCommands';

export interface TunnelSockets {
  connector(): WebSocket | undefined;
  byTag(tag: string): WebSocket | undefined;
  send(ws: WebSocket, frame: unknown): void;
}

const NO_CONNECTOR = { code: 'BROWSER_NOT_CONNECTED', message: 'No connector is connected to this session.' };

/**
 * Commands down the tunnel and replies back up. A command id sent to the connector is
 * `<asker tag>:<asker's id>`, so a reply finds its WebSocket asker without any memory that
 * hibernation could lose; HTTP askers (tag `http`) wait in memory, which their open request keeps.
 */
export class CommandRouter {
  private readonly pending = new PendingCommands();

  constructor(private readonly sockets: TunnelSockets) {}

  fromClient(
    ws: WebSocket,
    info: SocketInfo,
    frame: { id: string; name: string; args: Record<string, unknown> },
  ): void {
    if (!info.scopes.includes('write')) {
      return this.sockets.send(ws, {
        type: 'reply',
        id: frame.id,
        error: { code: 'FORBIDDEN', message: "Sending commands needs the 'write' scope." },
      });
    }
    if (!this.toConnector(`${info.tag}:${frame.id}`, frame.name, frame.args))
      this.sockets.send(ws, { type: 'reply', id: frame.id, error: NO_CONNECTOR });
  }

  async viaHttp(name: RemoteCommandName, args: Record<string, unknown>, timeoutMs: number): Promise<CommandReply> {
    const id = `http:${randomToken(9)}`;
    const reply = this.pending.wait(id, timeoutMs);
    if (!this.toConnector(id, name, args)) {
      this.pending.settle(id, { result: null });
      return { error: { ...NO_CONNECTOR, details: {} } };
    }
    try {
      return { result: await reply };
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('INTERNAL_ERROR', String(error));
      return { error: { code: apiError.code, message: apiError.message, details: apiError.details } };
    }
  }

  reply(frame: { id: string; result?: unknown; error?: { code: string; message: string } }): void {
    const colon = frame.id.indexOf(':');
    const tag = frame.id.slice(0, colon);
    if (tag === 'http') {
      this.pending.settle(frame.id, frame);
      return;
    }
    const asker = this.sockets.byTag(tag);
    if (asker)
      this.sockets.send(asker, {
        type: 'reply',
        id: frame.id.slice(colon + 1),
        result: frame.result,
        error: frame.error,
        timestamp: Date.now(),
      });
  }

  connectorGone(): void {
    this.pending.failAll(new ApiError('BROWSER_NOT_CONNECTED', 'The connector disconnected before replying.'));
  }

  private toConnector(id: string, name: string, args: Record<string, unknown>): boolean {
    const connector = this.sockets.connector();
    if (!connector) return false;
    this.sockets.send(connector, { type: 'command', id, name, args, timestamp: Date.now() });
    return true;
  }
}
