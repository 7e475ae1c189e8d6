import { closeSync, openSync, readSync } from 'node:fs';

/** Bytes read at a time: a restore holds this much of the file (plus one line), never the whole file. */
export const REPLAY_CHUNK_BYTES = 1024 * 1024;

/**
 * Calls `onLine` with each non-empty line of `file`, oldest first, reading it a chunk at a time so a
 * full journal costs the captures it restores, not a copy of the file as one string and an array of
 * its lines. A missing file has no lines. Returns how many lines there were.
 */
export function forEachJournalLine(file: string, onLine: (line: string) => void): number {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return 0;
  }
  let lines = 0;
  const emit = (bytes: Buffer, start: number, end: number) => {
    if (end <= start) return;
    lines++;
    onLine(bytes.toString('utf8', start, end));
  };
  try {
    const chunk = Buffer.allocUnsafeSlow(REPLAY_CHUNK_BYTES);
    let carry: Buffer | undefined;
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
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
