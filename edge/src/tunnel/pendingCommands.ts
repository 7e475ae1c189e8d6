import { ApiError } from '../../../src/shared/errors';

interface Waiter {
  resolve(result: unknown): void;
  reject(error: ApiError): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Commands sent over HTTP wait here for the connector's reply. The waiting request keeps the
 * object awake, so unlike socket state this map cannot be lost to hibernation.
 */
export class PendingCommands {
  private waiters = new Map<string, Waiter>();

  wait(id: string, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new ApiError('TIMEOUT', `The connector did not answer within ${timeoutMs} ms.`, { timeoutMs }));
      }, timeoutMs);
      this.waiters.set(id, { resolve, reject, timer });
    });
  }

  settle(id: string, reply: { result?: unknown; error?: { code: string; message: string } }): boolean {
    const waiter = this.waiters.get(id);
    if (!waiter) return false;
    this.waiters.delete(id);
    clearTimeout(waiter.timer);
    if (reply.error)
      waiter.reject(
        new ApiError(
          reply.error.code === 'BROWSER_NOT_CONNECTED' ? 'BROWSER_NOT_CONNECTED' : 'COMMAND_FAILED',
          reply.error.message,
          { connectorCode: reply.error.code },
        ),
      );
    else waiter.resolve(reply.result ?? null);
    return true;
  }

  failAll(error: ApiError): void {
    for (const [id, waiter] of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
      this.waiters.delete(id);
    }
  }
}
