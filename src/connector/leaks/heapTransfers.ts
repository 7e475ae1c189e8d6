import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, unlink } from 'node:fs/promises';
import { ApiError } from '../../shared/errors';
import { PRIVATE_FILE_MODE } from '../trust/privateFiles';

interface Transfer {
  path: string;
  out: WriteStream;
  chunks: number;
  bytes: number;
  maxBytes: number;
  firstAt?: number;
  failed?: string;
}

function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes} bytes`;
}

export interface ReceivedSnapshot {
  path: string;
  bytes: number;
  /** From the first chunk's arrival to the file closed (flushed to disk). */
  transferMs: number;
}

/**
 * Collects the `heap-chunk` frames of the snapshots the connector asked for, straight into their file
 * (0600): a snapshot is never whole in memory. Chunks of transfers nobody opened are dropped, and one over
 * its byte cap stops being written.
 */
export class HeapTransfers {
  private readonly open = new Map<string, Transfer>();

  expect(transferId: string, path: string, maxBytes: number): void {
    const out = createWriteStream(path, { mode: PRIVATE_FILE_MODE, flags: 'w' });
    const transfer: Transfer = { path, out, chunks: 0, bytes: 0, maxBytes };
    out.on('error', (error) => (transfer.failed ??= `it could not be written (${error.message})`));
    this.open.set(transferId, transfer);
  }

  accept(frame: { transferId: string; index: number; data: string }): void {
    const transfer = this.open.get(frame.transferId);
    if (!transfer || transfer.failed) return;
    if (frame.index !== transfer.chunks) {
      transfer.failed = `chunk ${frame.index} arrived where ${transfer.chunks} was due`;
      return;
    }
    transfer.firstAt ??= Date.now();
    transfer.chunks++;
    transfer.bytes += frame.data.length;
    if (transfer.bytes > transfer.maxBytes)
      transfer.failed = `the tab's heap is over the leak check's cap of ${sizeOf(transfer.maxBytes)}: find leaks on a smaller page or flow`;
    else transfer.out.write(frame.data);
  }

  /** The file, once the browser's reply said how many chunks it sent. */
  async finish(transferId: string, expectedChunks: number): Promise<ReceivedSnapshot> {
    const transfer = this.open.get(transferId);
    this.open.delete(transferId);
    if (!transfer) throw new ApiError('COMMAND_FAILED', 'No heap snapshot transfer is open under this id.');
    await new Promise<void>((resolve) => transfer.out.end(resolve));
    await chmod(transfer.path, PRIVATE_FILE_MODE).catch(() => undefined);
    const problem =
      transfer.failed ??
      (transfer.chunks !== expectedChunks
        ? `it arrived incomplete (${transfer.chunks} of ${expectedChunks} parts); retry`
        : undefined);
    if (problem) {
      await unlink(transfer.path).catch(() => undefined);
      throw new ApiError('COMMAND_FAILED', `The heap snapshot could not be received: ${problem}.`);
    }
    return {
      path: transfer.path,
      bytes: transfer.bytes,
      transferMs: transfer.firstAt === undefined ? 0 : Date.now() - transfer.firstAt,
    };
  }

  /** Drops a transfer that failed on the browser's side, and its partial file. */
  async cancel(transferId: string): Promise<void> {
    const transfer = this.open.get(transferId);
    this.open.delete(transferId);
    if (!transfer) return;
    await new Promise<void>((resolve) => transfer.out.end(resolve));
    await unlink(transfer.path).catch(() => undefined);
  }
}
