import { appendFileSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { captureEventSchema, type CaptureEvent, type StoredEntry } from '../shared/protocol';
import type { Logger } from './logger';
import type { CaptureStore } from './store';

export interface JournalOptions {
  /** Past this size the file is cut to its newest half. */
  maxBytes: number;
  flushMs: number;
}

const DEFAULTS: JournalOptions = { maxBytes: 32 * 1024 * 1024, flushMs: 250 };

/** Stored fields the connector adds; a replayed capture gets new ones. */
function asEvent(entry: StoredEntry): unknown {
  const { id: _id, seq: _seq, ...event } = entry as StoredEntry & Record<string, unknown>;
  return event;
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
  const { maxBytes, flushMs } = { ...DEFAULTS, ...options };
  mkdirSync(dirname(file), { recursive: true });
  replay(store, file, logger);
  let pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    try {
      appendFileSync(file, pending.join(''));
      if (statSync(file).size > maxBytes) compact(file, maxBytes / 2);
    } catch (error) {
      logger.warn(`Could not write the capture journal ${file}: ${(error as Error).message}`);
    }
    pending = [];
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();
  const offEntry = store.onEntry((entry) => {
    if (entry.type !== 'screenshot') pending.push(JSON.stringify(asEvent(entry)) + '\n');
  });
  const offCommit = store.onCommit(flush);
  const offClear = store.onCleared(() => {
    pending = [];
    writeFileSync(file, '');
  });
  return () => {
    flush();
    clearInterval(timer);
    offEntry();
    offCommit();
    offClear();
  };
}

function replay(store: CaptureStore, file: string, logger: Logger): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const parsed = captureEventSchema.safeParse(JSON.parse(line));
      if (parsed.success) store.ingest(parsed.data as CaptureEvent);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  if (skipped) logger.warn(`Skipped ${skipped} unreadable lines of the capture journal.`);
}

/** Keeps the newest `keepBytes` or so, cut at a line boundary. */
function compact(file: string, keepBytes: number): void {
  const text = readFileSync(file, 'utf8');
  const cut = text.indexOf('\n', Math.max(0, text.length - keepBytes));
  writeFileSync(`${file}.tmp`, cut < 0 ? '' : text.slice(cut + 1));
  renameSync(`${file}.tmp`, file);
}
