import { chmodSync, closeSync, copyFileSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from '../trust/privateFiles';

/** Bytes read at a time: a restore holds this much of the file (plus one line), never the whole file. */
export const REPLAY_CHUNK_BYTES = 1024 * 1024;

/**
 * Calls `onLine` with each non-empty line of `file`, oldest first, reading it a chunk at a time so a
 * full journal costs the captures it restores, not a copy of the file as one string and an array of
 * its lines. A missing file has no lines. Stops after `limit` lines. Returns how many lines there were.
 */
export function forEachJournalLine(file: string, onLine: (line: string) => void, limit = Infinity): number {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return 0;
  }
  let lines = 0;
  const emit = (bytes: Buffer, start: number, end: number) => {
    if (end <= start || lines >= limit) return;
    lines++;
    onLine(bytes.toString('utf8', start, end));
  };
  try {
    const chunk = Buffer.allocUnsafeSlow(REPLAY_CHUNK_BYTES);
    let carry: Buffer | undefined;
    for (let read = readSync(fd, chunk); read > 0 && lines < limit; read = readSync(fd, chunk)) {
      const data = carry ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let start = 0;
      for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10, start)) {
        emit(data, start, newline);
        start = newline + 1;
      }
      // The chunk is reused by the next read: a partial last line is copied out of it.
      carry = start < data.length ? Buffer.from(data.subarray(start)) : undefined;
    }
    if (carry) emit(carry, 0, carry.length);
  } finally {
    closeSync(fd);
  }
  return lines;
}

/** One journal line: the stored entry's JSON with the time it was journaled first (retention reads it). */
export function stampLine(json: string, at = Date.now()): string {
  return json.length > 2 ? `{"journaledAt":${at},${json.slice(1)}\n` : `{"journaledAt":${at}}\n`;
}

/** When a parsed line was journaled; lines of earlier versions have none, and keep until the size cap cuts them. */
export function journaledAt(json: unknown): number | undefined {
  const at = (json as { journaledAt?: unknown } | null)?.journaledAt;
  return typeof at === 'number' ? at : undefined;
}

/** When the line was journaled, read from its first bytes without parsing the whole line. */
export function lineJournaledAt(line: string): number | undefined {
  const match = /^\{"journaledAt":(\d+)[,}]/.exec(line);
  return match ? Number(match[1]) : undefined;
}

/**
 * Replaces `file` (0600) with the lines `fill` keeps, written to a temporary file as they come: never the
 * whole file in memory. See replaceInPlace for why it is copied back rather than renamed over.
 */
export function rewriteJournal(file: string, fill: (keep: (line: string) => void) => void): void {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    fill((line) => {
      const bytes = Buffer.from(line, 'utf8');
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    });
  } finally {
    closeSync(fd);
  }
  replaceInPlace(temporary, file);
}

/**
 * Copies `temporary` over `file` in place (same inode) and removes it. A rename would give the journal a new
 * inode, and a journal another window still holds open (several windows share one file; a window that tried
 * to host the connector and became its client) would go on appending to the old, unlinked one: lost captures.
 */
export function replaceInPlace(temporary: string, file: string): void {
  copyFileSync(temporary, file);
  chmodSync(file, PRIVATE_FILE_MODE);
  unlinkSync(temporary);
}
