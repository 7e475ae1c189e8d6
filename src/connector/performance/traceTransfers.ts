import { ApiError } from '../../shared/errors';

/** A trace arrives in chunks; more than this from one transfer is refused (a gzipped trace is far smaller). */
const MAX_TRACE_BYTES = 256 * 1024 * 1024;

interface Transfer {
  chunks: Buffer[];
  bytes: number;
  failed?: string;
}

/**
 * Collects the `trace-chunk` frames of the traces the connector asked for. Chunks of transfers it did
 * not open are dropped, so a browser cannot make it hold data nobody waits for.
 */
export class TraceTransfers {
  private readonly open = new Map<string, Transfer>();

  /** `what` names the file in errors: a trace, or a replay's video (evidence/). */
  constructor(
    private readonly what = 'trace',
    private readonly maxBytes = MAX_TRACE_BYTES,
  ) {}

  expect(transferId: string): void {
    this.open.set(transferId, { chunks: [], bytes: 0 });
  }

  accept(frame: { transferId: string; index: number; data: string }): void {
    const transfer = this.open.get(frame.transferId);
    if (!transfer || transfer.failed) return;
    if (frame.index !== transfer.chunks.length) {
      transfer.failed = `chunk ${frame.index} arrived where ${transfer.chunks.length} was due`;
      return;
    }
    const chunk = Buffer.from(frame.data, 'base64');
    transfer.bytes += chunk.length;
    if (transfer.bytes > this.maxBytes) transfer.failed = `the ${this.what} is over ${this.maxBytes / 1024 / 1024} MB`;
    else transfer.chunks.push(chunk);
  }

  /** The whole file, once the browser's reply said how many chunks it sent. */
  take(transferId: string, expectedChunks: number): Buffer {
    const transfer = this.open.get(transferId);
    this.open.delete(transferId);
    if (!transfer) throw new ApiError('COMMAND_FAILED', `No ${this.what} transfer is open under this id.`);
    if (transfer.failed)
      throw new ApiError(
        'COMMAND_FAILED',
        `The ${this.what} could not be received: ${transfer.failed}. Record a shorter one.`,
      );
    if (transfer.chunks.length !== expectedChunks)
      throw new ApiError(
        'COMMAND_FAILED',
        `The ${this.what} arrived incomplete (${transfer.chunks.length} of ${expectedChunks} parts). Retry.`,
      );
    return Buffer.concat(transfer.chunks);
  }

  cancel(transferId: string): void {
    this.open.delete(transferId);
  }
}
