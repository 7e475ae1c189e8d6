import { dirname } from 'node:path';
import { captureEventSchema, type CaptureEvent } from '../../shared/protocol';
import type { Logger } from '../logging/logger';
import type { CaptureStore } from '../capture/store';
import { privateFolderSync } from '../trust/privateFiles';
import { JournalFile } from './journalFile';
import { forEachJournalLine, journaledAt, rewriteJournal, stampLine } from './journalReplay';

export interface JournalOptions {
  /** Past this size the file is cut to its newest half. */
  maxBytes: number;
  /** Captures journaled longer ago than this are dropped, at start and every `maxAgeMs / 8` (at most 10 min). */
  maxAgeMs: number;
  /** Captures that nobody waits for (single frames) are written at the latest this long after they arrived. */
  flushMs: number;
  /** Lines waiting for a write, at most: a fuller buffer is written at once. */
  bufferBytes: number;
}

export const JOURNAL_DEFAULTS: JournalOptions = {
  maxBytes: 32 * 1024 * 1024,
  maxAgeMs: 24 * 60 * 60 * 1000,
  flushMs: 250,
  bufferBytes: 1024 * 1024,
};

/**
 * Keeps captured history on disk, so it survives a connector restart, a crash (`kill -9`), a window
 * reload or another window taking the connector over: replays the file into the store (a chunk at a
 * time), then appends every new capture and empties the file when the store is cleared.
 *
 * Group commit: each capture's line goes into a bounded buffer as it is stored; `store.commit()`
 * asks for a write and resolves once it is done. Every commit asked for in one turn of the event loop
 * shares one write (at `setImmediate`, after the turn's frames and requests were read), so the acks
 * still go after their captures are in the OS page cache, but ingest no longer waits on one write per
 * batch or request. Without a commit, lines go out at the latest `flushMs` later, or when the buffer
 * fills. Screenshots are files already: not journaled. Each line carries when it was journaled, which
 * retention reads; the file is 0600 in a 0700 folder, and is rewritten at start from what the store kept
 * (redacted, unexpired), so an earlier version's raw bytes do not outlive an upgrade.
 */
export function attachJournal(
  store: CaptureStore,
  file: string,
  logger: Logger,
  options: Partial<JournalOptions> = {},
): () => void {
  const { maxBytes, maxAgeMs, flushMs, bufferBytes } = { ...JOURNAL_DEFAULTS, ...options };
  privateFolderSync(dirname(file));
  // A line keeps the entry as stored; replay drops its id and seq (the schema strips them) and stamps new ones.
  replay(store, file, logger, Date.now() - maxAgeMs);
  const journal = new JournalFile(file, maxBytes, bufferBytes);
  const commits = new GroupCommit(() => guarded(logger, file, () => journal.flush()));
  const timer = setInterval(() => commits.flushNow(), flushMs);
  timer.unref();
  const expiry = setInterval(
    () => guarded(logger, file, () => (commits.flushNow(), journal.dropBefore(Date.now() - maxAgeMs))),
    Math.min(maxAgeMs / 8, 10 * 60_000),
  );
  expiry.unref();
  const offEntry = store.onJson((json) => guarded(logger, file, () => journal.append(stampLine(json))));
  const offCommit = store.onCommit(() => commits.next());
  const offClear = store.onCleared(() => guarded(logger, file, () => journal.truncate()));
  return () => {
    commits.flushNow();
    clearInterval(timer);
    clearInterval(expiry);
    offEntry();
    offCommit();
    offClear();
    guarded(logger, file, () => journal.close());
  };
}

/** A journal that cannot be written costs durability, not ingest: warned about, never thrown. */
function guarded(logger: Logger, file: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    logger.warn(`Could not write the capture journal ${file}: ${(error as Error).message}`);
  }
}

/** Commits asked for in one turn of the event loop share one write, done at `setImmediate`. */
class GroupCommit {
  private waiting: { promise: Promise<void>; resolve: () => void } | undefined;

  constructor(private readonly write: () => void) {}

  /** Resolves after the next write, which is scheduled for the end of this turn. */
  next(): Promise<void> {
    if (this.waiting) return this.waiting.promise;
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    this.waiting = { promise, resolve };
    setImmediate(() => this.flushNow());
    return promise;
  }

  /** Writes now and releases whoever waits for it. */
  flushNow(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    this.write();
    waiting?.resolve();
  }
}

/** Ingests the lines journaled since `since`, and rewrites the file with them as the store now holds them. */
function replay(store: CaptureStore, file: string, logger: Logger, since: number): void {
  let skipped = 0;
  rewriteJournal(file, (keep) =>
    forEachJournalLine(file, (line) => {
      try {
        const json: unknown = JSON.parse(line);
        const at = journaledAt(json);
        if (at !== undefined && at < since) return;
        const parsed = captureEventSchema.safeParse(json);
        if (parsed.success) keep(stampLine(JSON.stringify(store.ingest(parsed.data as CaptureEvent)), at));
        else skipped++;
      } catch {
        skipped++;
      }
    }),
  );
  if (skipped) logger.warn(`Skipped ${skipped} unreadable lines of the capture journal.`);
}
