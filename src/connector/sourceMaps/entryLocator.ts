import { pickLocation, rawLocation, type EntryLocation, type LocatableEntry } from '../../shared/entryLocation';
import type { StackFrame } from '../../shared/protocol';
import { framesOf } from '../../shared/stackFrames';
import { isEvalModuleUrl } from './evalMaps';
import type { SourceMapper } from './sourceMapper';

/** Frames mapped per entry; answers show fewer. */
const MAX_FRAMES = 25;
/** Longest an entry's mapping may take: a little over the SourceMapper's fetch timeout. */
const MAP_DEADLINE_MS = 12_000;

export interface EntryLocatorOptions {
  /** Distinct locations remembered. */
  maxEntries?: number;
  /** How long a list waits for maps not fetched yet before it shows bundle positions. */
  waitMs?: number;
  /** How long a location that found no map keeps that answer. */
  retryMs?: number;
}

/**
 * Maps each entry once: its location and first frames, through the SourceMapper (which caches per
 * script). Results are remembered by what the entry points at, so a list of 1000 entries from a
 * few lines costs a few lookups, and a later list or detail answer reads them at once.
 */
export class EntryLocator {
  private readonly done = new Map<string, EntryLocation>();
  /** The fast path for entries seen before: no key to build. Entries that go from the store go from here. */
  private readonly byEntry = new WeakMap<object, EntryLocation>();
  /** When a location found no map: it is tried again after `retryMs` (the dev server may have been starting). */
  private readonly unmappedAt = new WeakMap<EntryLocation, number>();
  private readonly retryMs: number;
  private readonly pending = new Map<string, Promise<EntryLocation>>();
  private readonly maxEntries: number;
  private readonly waitMs: number;

  constructor(
    private readonly mapper: SourceMapper,
    options: EntryLocatorOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 20_000;
    this.waitMs = options.waitMs ?? 2000;
    this.retryMs = options.retryMs ?? 30_000;
  }

  /** The mapped location if it is known already. */
  peek(entry: LocatableEntry): EntryLocation | undefined {
    const known = this.byEntry.get(entry);
    if (known) return known;
    const found = this.done.get(keyOf(entry));
    if (found) this.byEntry.set(entry, found);
    return found;
  }

  /** The mapped location, mapping it now if needed. Never throws. */
  locate(entry: LocatableEntry): Promise<EntryLocation> {
    const known = this.peek(entry);
    if (known && !this.stale(known, Date.now())) return Promise.resolve(known);
    const key = keyOf(entry);
    let running = this.pending.get(key);
    if (!running) {
      running = this.map(entry).then((location) => {
        this.remember(key, location);
        return location;
      });
      this.pending.set(key, running);
      void running.finally(() => this.pending.delete(key));
    }
    return running;
  }

  /**
   * Maps the entries not mapped yet, waiting at most `waitMs` (a slow or unreachable map must not hold
   * up a list: its entries show bundle positions until it arrives). Resolves at once when all are known.
   */
  async locateAll(entries: readonly LocatableEntry[], waitMs = this.waitMs): Promise<void> {
    const missing: Promise<EntryLocation>[] = [];
    const now = Date.now();
    for (const entry of entries) {
      const known = this.peek(entry);
      if (!known || this.stale(known, now)) missing.push(this.locate(entry));
    }
    if (missing.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([Promise.all(missing), timeout]);
    clearTimeout(timer);
  }

  /**
   * The entry's location and frames, mapped. Settles within MAP_DEADLINE_MS whatever the network does
   * (a fetch that never settles must not hold a detail answer or a jump): then unmapped, tried again later.
   */
  private async map(entry: PagedEntry): Promise<EntryLocation> {
    const page = pageOf(entry);
    const frames = framesOf(entry);
    const source = rawLocation({ source: entry.source });
    const unmapped = (): EntryLocation => ({
      at: pickLocation(source, frames.slice(0, MAX_FRAMES)),
      frames: frames.slice(0, MAX_FRAMES),
      totalFrames: frames.length,
    });
    const mapping = (async (): Promise<EntryLocation> => {
      const bundles = await this.bundlesOf(entry.source, page, frames);
      const [mappedSource, mapped] = await Promise.all([
        source ? this.mapper.mapFrame(source, bundles, page) : undefined,
        this.mapper.mapFrames(frames.slice(0, MAX_FRAMES), bundles, page),
      ]);
      return { at: pickLocation(mappedSource, mapped), frames: mapped, totalFrames: frames.length };
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<EntryLocation>(
      (resolve) => (timer = setTimeout(() => resolve(unmapped()), MAP_DEADLINE_MS)),
    );
    try {
      return await Promise.race([mapping, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Scripts that may eval the entry's modules (webpack eval devtools): the fetchable scripts of its own
   * stack, else its page's scripts. Empty when no frame is an eval'd module.
   */
  private async bundlesOf(
    source: string | undefined,
    page: string | undefined,
    frames: readonly StackFrame[],
  ): Promise<string[]> {
    const urls = [source ? rawLocation({ source })?.url : undefined, ...frames.map((frame) => frame.url)].filter(
      (url): url is string => url !== undefined,
    );
    if (!urls.some(isEvalModuleUrl)) return [];
    const scripts = [...new Set(urls.filter((url) => /^https?:/.test(url)))];
    return scripts.length || !page ? scripts : this.mapper.pageScripts(page);
  }

  private stale(location: EntryLocation, now: number): boolean {
    const at = this.unmappedAt.get(location);
    return at !== undefined && now - at >= this.retryMs;
  }

  /** A location mapped again updates the remembered object in place, so entries that point at it see the news. */
  private remember(key: string, fresh: EntryLocation): void {
    const known = this.done.get(key);
    const location = known ? Object.assign(known, fresh) : fresh;
    if (!known) this.done.set(key, location);
    if (location.at?.original || location.frames.some((frame) => frame.original)) this.unmappedAt.delete(location);
    else this.unmappedAt.set(location, Date.now());
    if (this.done.size > this.maxEntries) this.done.delete(this.done.keys().next().value!);
  }
}

/** An entry with the page it came from: its own URL, or (a frame's or worker's capture) its context's. */
type PagedEntry = LocatableEntry & { url?: string; context?: { url: string } };

/**
 * The page whose origin and addresses decide what may be fetched to map an entry (trust/fetchTargets): the top
 * page's URL, or for a capture made in a frame or worker (filed with no page URL) the frame's or worker's URL
 * as the browser reported it, so its scripts map as the top page's do.
 */
function pageOf(entry: PagedEntry): string | undefined {
  return entry.url ?? entry.context?.url;
}

/** What an entry points at: its source and its first frames (or stack text). */
function keyOf(entry: LocatableEntry): string {
  const frames = entry.frames?.length
    ? entry.frames
        .slice(0, MAX_FRAMES)
        .map((frame) => `${frame.url}:${frame.line}:${frame.column}`)
        .join('\n')
    : Array.isArray(entry.stack)
      ? entry.stack.join('\n')
      : (entry.stack ?? '');
  return `${entry.source ?? ''}\n${frames}`;
}
