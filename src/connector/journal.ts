import { appendFileSync, chmodSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { captureEventSchema, type CaptureEvent, type StoredEntry } from '../shared/protocol';
import type { Logger } from './logger';
import type { CaptureStore } from './store';
import { PRIVATE_FILE_MODE, privateFolderSync } from './trust/privateFiles';

export interface JournalOptions {
  /** Past this size the file is cut to its newest half. */
  maxBytes: number;
  /** Captures journaled longer ago than this are dropped, at start and every `maxAgeMs / 8` (at most 10 min). */
  maxAgeMs: number;
  flushMs: number;
}

export const JOURNAL_DEFAULTS: JournalOptions = {
  maxBytes: 32 * 1024 * 1024,
  maxAgeMs: 24 * 60 * 60 * 1000,
  flushMs: 250,
};

/**
 * One journal line: the capture as the store keeps it (redacted) with the time it was journaled, which
 * retention reads; the connector's own fields go (a replayed capture gets new ones).
 */
function line(entry: StoredEntry, journaledAt = Date.now()): string {
  const { id: _id, seq: _seq, ...event } = entry as StoredEntry & Record<string, unknown>;
  return JSON.stringify({ journaledAt, ...event }) + '\n';
}

/**
 * Keeps captured history on disk, so it survives a connector restart, a crash (`kill -9`), a window
 * reload or another window taking the connector over: replays the file into the store, then appends
 * every new capture and empties the file when the store is cleared. Captures are written before they
 * are acked (the store's commit hook: a synchronous append, in the OS page cache when the ack goes),
 * and at the latest `flushMs` after they arrived otherwise. Screenshots are files already: not journaled.
 */
export function attachJournal(
  store: CaptureStore,
  file: string,
  logger: Logger,
  options: Partial<JournalOptions> = {},
): () => void {
  const { maxBytes, flushMs, maxAgeMs } = { ...JOURNAL_DEFAULTS, ...options };
  privateFolderSync(dirname(file));
  // Rewritten from the store: expired captures go, and an older version's unredacted bytes with them.
  rewrite(file, replay(store, file, logger, Date.now() - maxAgeMs));
  let pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    try {
      appendFileSync(file, pending.join(''), { mode: PRIVATE_FILE_MODE });
      if (statSync(file).size > maxBytes) compact(file, maxBytes / 2);
    } catch (error) {
      logger.warn(`Could not write the capture journal ${file}: ${(error as Error).message}`);
    }
    pending = [];
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();
  const expiry = setInterval(
    () => {
      flush();
      expire(file, Date.now() - maxAgeMs, logger);
    },
    Math.min(maxAgeMs / 8, 10 * 60_000),
  );
  expiry.unref();
  const offEntry = store.onEntry((entry) => {
    if (entry.type !== 'screenshot') pending.push(line(entry));
  });
  const offCommit = store.onCommit(flush);
  const offClear = store.onCleared(() => {
    pending = [];
    rewrite(file, []);
  });
  return () => {
    flush();
    clearInterval(timer);
    clearInterval(expiry);
    offEntry();
    offCommit();
    offClear();
  };
}

/** Ingests the journal's captures newer than `since`; answers their lines as the store now holds them. */
function replay(store: CaptureStore, file: string, logger: Logger, since: number): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  let skipped = 0;
  const kept: string[] = [];
  for (const raw of text.split('\n')) {
    if (!raw) continue;
    try {
      const json = JSON.parse(raw) as { journaledAt?: unknown };
      const at = journaledAt(json);
      if (at !== undefined && at < since) continue;
      const parsed = captureEventSchema.safeParse(json);
      if (parsed.success) kept.push(line(store.ingest(parsed.data as CaptureEvent), at));
      else skipped++;
    } catch {
      skipped++;
    }
  }
  if (skipped) logger.warn(`Skipped ${skipped} unreadable lines of the capture journal.`);
  return kept;
}

/** When a line was journaled; lines of earlier versions have none, and keep until the size cap cuts them. */
function journaledAt(json: { journaledAt?: unknown }): number | undefined {
  return typeof json.journaledAt === 'number' ? json.journaledAt : undefined;
}

/** Drops the lines journaled before `since`, when the oldest is. */
function expire(file: string, since: number, logger: Logger): void {
  try {
    const text = readFileSync(file, 'utf8');
    const first = text.slice(0, text.indexOf('\n') + 1);
    if (!first || (journaledAt(safeJson(first)) ?? Infinity) >= since) return;
    rewrite(
      file,
      text.split('\n').flatMap((raw) => (raw && (journaledAt(safeJson(raw)) ?? Infinity) >= since ? [raw + '\n'] : [])),
    );
  } catch (error) {
    logger.warn(`Could not drop expired captures from the journal ${file}: ${(error as Error).message}`);
  }
}

function safeJson(text: string): { journaledAt?: unknown } {
  try {
    return JSON.parse(text) as { journaledAt?: unknown };
  } catch {
    return {};
  }
}

/** Replaces the file with these lines, 0600, through a temporary file. */
function rewrite(file: string, lines: readonly string[]): void {
  writeFileSync(`${file}.tmp`, lines.join(''), { mode: PRIVATE_FILE_MODE });
  chmodSync(`${file}.tmp`, PRIVATE_FILE_MODE);
  renameSync(`${file}.tmp`, file);
}

/** Keeps the newest `keepBytes` or so, cut at a line boundary. */
function compact(file: string, keepBytes: number): void {
  const text = readFileSync(file, 'utf8');
  const cut = text.indexOf('\n', Math.max(0, text.length - keepBytes));
  rewrite(file, [cut < 0 ? '' : text.slice(cut + 1)]);
}
