import type { CaptureRow } from '../data/captureRow';

const PREFIX = 'journal:';
/** A SQLite-backed object holds a key and value of up to 2 MB together; rows go in entries well under it. */
const MAX_ENTRY_CHARS = 1_500_000;

/** Accepted rows waiting for D1, keyed by their first seq (zero-padded, so keys list in seq order). */
export interface JournalEntries {
  keys: string[];
  rows: CaptureRow[];
}

function entriesOf(rows: CaptureRow[]): Record<string, CaptureRow[]> {
  const entries: Record<string, CaptureRow[]> = {};
  let current: CaptureRow[] = [];
  let chars = 0;
  const close = () => {
    if (current.length) entries[PREFIX + String(current[0]!.seq).padStart(15, '0')] = current;
    current = [];
    chars = 0;
  };
  for (const row of rows) {
    const size = row.data.length + 300;
    if (current.length && chars + size > MAX_ENTRY_CHARS) close();
    current.push(row);
    chars += size;
  }
  close();
  return entries;
}

/**
 * The tunnel's write-ahead journal in Durable Object storage: a batch's rows are stored here, in the
 * same atomic put as the counters that accepted it, before the D1 write and the ack. A restart
 * between accepting a batch and storing it in D1 then loses nothing: the next instance writes what
 * the journal still holds (D1 ignores rows it already has), and a re-sent batch is rightly a duplicate.
 */
export class FrameJournal {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** Stores `rows` with `state` (seq, instance) in one atomic put; resolves once durable, with the keys to settle. */
  async record(rows: CaptureRow[], state: Record<string, unknown>): Promise<string[]> {
    const entries = entriesOf(rows);
    await this.storage.put({ ...entries, ...state });
    return Object.keys(entries);
  }

  /** D1 has these rows (or they were given up on and will be re-sent): drop them from the journal. */
  async settle(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 128) await this.storage.delete(keys.slice(i, i + 128));
  }

  /**
   * Writes what the journal holds (rows an earlier instance accepted and did not see reach D1) with
   * `write`, then drops it. False when that failed: the rows stay for the next try.
   */
  async recover(write: (rows: CaptureRow[]) => Promise<unknown>): Promise<boolean> {
    const { keys, rows } = await this.pending();
    if (!rows.length) return true;
    try {
      await write(rows);
    } catch {
      return false;
    }
    await this.settle(keys);
    return true;
  }

  /** What an earlier instance accepted and did not see reach D1, oldest first. */
  async pending(): Promise<JournalEntries> {
    const stored = await this.storage.list<CaptureRow[]>({ prefix: PREFIX });
    return { keys: [...stored.keys()], rows: [...stored.values()].flat() };
  }
}
