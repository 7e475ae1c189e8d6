import { chmodSync, closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from '../trust/privateFiles';
import { forEachJournalLine, lineJournaledAt, replaceInPlace, rewriteJournal } from './journalReplay';

/** Bytes copied at a time when the file is cut: compaction never holds more than this. */
const COPY_BYTES = 1024 * 1024;

/**
 * The journal's file, held open for appending: one `write` per flush instead of an open, a write, a
 * close and a stat per batch. Lines wait in one bounded buffer outside the JS heap (so a burst of
 * captures does not leave strings for the collector to promote), and go out when the owner flushes
 * or when the buffer is full. Past `maxBytes` the file is cut to its newest half, copied a chunk at a
 * time, never read whole.
 */
export class JournalFile {
  private fd: number;
  private size: number;
  private buffer: Buffer;
  private used = 0;

  constructor(
    private readonly file: string,
    private readonly maxBytes: number,
    private readonly bufferBytes: number,
  ) {
    this.fd = openPrivate(file, 'a');
    this.size = fstatSync(this.fd).size;
    this.buffer = Buffer.allocUnsafeSlow(bufferBytes);
  }

  /** Bytes waiting for the next flush. */
  get pendingBytes(): number {
    return this.used;
  }

  /** Queues one line (its text ends with a newline); flushes first when the buffer cannot take it. */
  append(line: string): void {
    // At most 3 bytes per UTF-16 unit: the exact length is needed only near the end of the buffer.
    if (line.length * 3 > this.bufferBytes - this.used) {
      const bytes = Buffer.byteLength(line, 'utf8');
      if (bytes > this.bufferBytes - this.used) this.flush();
      if (bytes > this.bufferBytes) return this.writeOut(Buffer.from(line, 'utf8'));
    }
    this.used += this.buffer.write(line, this.used, 'utf8');
  }

  /** Writes what is queued (one synchronous write: in the page cache when it returns). */
  flush(): void {
    if (this.used === 0) return;
    const queued = this.buffer.subarray(0, this.used);
    this.used = 0;
    this.writeOut(queued);
  }

  /** Drops what is queued and empties the file. */
  truncate(): void {
    this.used = 0;
    closeSync(this.fd);
    closeSync(openPrivate(this.file, 'w'));
    this.fd = openPrivate(this.file, 'a');
    this.size = 0;
  }

  /** Drops the lines journaled before `since`, when the oldest is (written lines only: flush first). */
  dropBefore(since: number): void {
    let first: number | undefined;
    forEachJournalLine(this.file, (line) => (first ??= lineJournaledAt(line) ?? Infinity), 1);
    if (first === undefined || first >= since) return;
    closeSync(this.fd);
    let kept = 0;
    try {
      rewriteJournal(this.file, (keep) =>
        forEachJournalLine(this.file, (line) => {
          if ((lineJournaledAt(line) ?? Infinity) < since) return;
          keep(line + '\n');
          kept += Buffer.byteLength(line, 'utf8') + 1;
        }),
      );
      this.size = kept;
    } finally {
      this.fd = openPrivate(this.file, 'a');
    }
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private writeOut(bytes: Buffer): void {
    let written = 0;
    while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written);
    this.size += bytes.length;
    if (this.size > this.maxBytes) this.compact(this.maxBytes / 2);
  }

  /** Keeps the newest `keepBytes` or so, cut at a line boundary: copied to a new file, then back in place. */
  private compact(keepBytes: number): void {
    closeSync(this.fd);
    const from = openSync(this.file, 'r');
    const to = openSync(`${this.file}.tmp`, 'w', PRIVATE_FILE_MODE);
    try {
      const chunk = Buffer.allocUnsafeSlow(Math.min(COPY_BYTES, Math.max(1, keepBytes)));
      let at = lineStartAfter(from, chunk, Math.max(0, this.size - keepBytes), this.size);
      let kept = 0;
      while (at < this.size) {
        const read = readSync(from, chunk, 0, Math.min(chunk.length, this.size - at), at);
        if (read === 0) break;
        kept += writeSync(to, chunk, 0, read);
        at += read;
      }
      this.size = kept;
    } finally {
      closeSync(from);
      closeSync(to);
    }
    replaceInPlace(`${this.file}.tmp`, this.file);
    this.fd = openPrivate(this.file, 'a');
  }
}

/** Opens the journal 0600; a file an earlier version left 0644 is tightened. */
function openPrivate(file: string, flags: 'a' | 'w'): number {
  const fd = openSync(file, flags, PRIVATE_FILE_MODE);
  chmodSync(file, PRIVATE_FILE_MODE);
  return fd;
}

/** The offset just past the first newline at or after `start` (`end` when there is none). */
function lineStartAfter(fd: number, chunk: Buffer, start: number, end: number): number {
  let at = start;
  while (at < end) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, end - at), at);
    if (read === 0) break;
    const newline = chunk.subarray(0, read).indexOf(10);
    if (newline >= 0) return at + newline + 1;
    at += read;
  }
  return end;
}
