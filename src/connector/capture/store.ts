import { type CaptureEvent, type StoredEntry, type StoredScreenshot } from '../../shared/protocol';
import type { StoreLimits } from '../config/config';
import { isFailedRequest } from '../../shared/networkOutcome';
import { DEFAULT_REDACTED_HEADERS, Redactor, type RedactionOptions } from './redaction';
import { RingBuffer } from './ringBuffer';
import { BUFFER_KINDS, RING_OPTIONS, type BufferKind, type BufferTypes } from './storeBuffers';
import { capStrings } from './truncate';
import { PageTracker, type CurrentPage } from './pageTracker';

export interface QueryResult<T> {
  /** Oldest first: the newest `limit` entries that matched. */
  entries: T[];
  /** How many stored entries matched the filter. */
  matched: number;
  /** How many entries the queried buffers hold. */
  total: number;
}

type Listener = (entry: StoredEntry) => void;

/**
 * All captures in bounded memory, one ring buffer per kind, every entry with a stable id and page load.
 * Entries are stored as their JSON text (see RingBuffer): reads return fresh objects, and filters get
 * views that read indexed fields without parsing.
 */
export class CaptureStore {
  private readonly buffers: { [K in BufferKind]: RingBuffer<BufferTypes[K]> };
  private seq = 0;
  private readonly pages = new PageTracker();
  private readonly entryListeners = new Set<Listener>();
  private readonly jsonListeners = new Set<(json: string) => void>();
  private readonly clearListeners = new Set<() => void>();
  private readonly commitHooks = new Set<() => Promise<void>>();

  /** Every capture passes it before it is kept, streamed or journaled (redaction.ts). */
  readonly redactor: Redactor;

  constructor(
    private readonly limits: StoreLimits,
    redaction: RedactionOptions = { headers: DEFAULT_REDACTED_HEADERS, fullBodies: false },
  ) {
    this.redactor = new Redactor(redaction);
    this.buffers = {
      consoleLogs: new RingBuffer(limits.consoleLogs, RING_OPTIONS),
      consoleErrors: new RingBuffer(limits.consoleErrors, RING_OPTIONS),
      networkSuccess: new RingBuffer(limits.networkSuccess, RING_OPTIONS),
      networkErrors: new RingBuffer(limits.networkErrors, RING_OPTIONS),
      selectedElements: new RingBuffer(limits.selectedElements, RING_OPTIONS),
      pageLoads: new RingBuffer(limits.pageLoads, RING_OPTIONS),
      screenshots: new RingBuffer(limits.screenshots, RING_OPTIONS),
      websocketFrames: new RingBuffer(limits.websocketFrames, RING_OPTIONS),
    };
  }

  get lastSeq(): number {
    return this.seq;
  }

  get currentPage(): CurrentPage | undefined {
    return this.pages.currentPage;
  }

  /** The page one tab last reported (an agent's own tab, not whichever tab reported last). */
  pageOf(tabId: number): CurrentPage | undefined {
    return this.pages.pageOf(tabId);
  }

  /** Stores one validated capture (mutating it: strings are capped) and tells the listeners. The returned entry is the caller's; the store keeps a copy. */
  ingest(event: CaptureEvent): StoredEntry {
    if (event.type === 'dropped') {
      return this.ingest({
        type: 'console-log',
        level: 'warn',
        message: `[Browser Debug] ${event.count} captures were dropped while the connector was unreachable (the browser's queue was full).`,
        timestamp: event.timestamp,
        source: 'browser-debug',
      });
    }
    capStrings(event, this.limits.maxFieldChars);
    const entry = this.stamp(event);
    this.redactor.redact(entry);
    const withJson = this.jsonListeners.size > 0;
    // Web Vitals are not kept in a buffer (listeners and the journal still get them).
    const buffer = this.bufferFor(entry);
    const json = buffer ? buffer.push(entry, withJson) : withJson ? JSON.stringify(entry) : undefined;
    this.emit(entry);
    if (json !== undefined) for (const listener of this.jsonListeners) listener(json);
    return entry;
  }

  addScreenshot(meta: Omit<StoredScreenshot, 'id' | 'seq' | 'pageLoadId' | 'type'>): StoredScreenshot {
    const seq = ++this.seq;
    const entry: StoredScreenshot = {
      type: 'screenshot',
      ...meta,
      id: String(seq),
      seq,
      pageLoadId: this.pages.pageLoadFor(undefined),
    };
    capStrings(entry, this.limits.maxFieldChars);
    this.buffers.screenshots.push(entry);
    this.emit(entry);
    return entry;
  }

  /**
   * The newest `limit` entries of the given buffers that match, merged by seq. `match` gets a view of
   * each entry, valid during the call: read its fields, do not keep it. Without `match` every entry
   * matches, and only the newest `limit` are visited.
   */
  query<K extends BufferKind>(
    kinds: readonly K[],
    match: ((entry: BufferTypes[K]) => boolean) | undefined,
    limit: number,
  ): QueryResult<BufferTypes[K]> {
    const buffers = kinds.map((kind) => this.buffers[kind] as RingBuffer<BufferTypes[K]>);
    const cursors = buffers.map((buffer) => buffer.size - 1);
    const newestFirst: BufferTypes[K][] = [];
    let matched = 0;
    for (;;) {
      let pick = -1;
      for (let i = 0; i < buffers.length; i++) {
        if (cursors[i]! < 0) continue;
        if (pick < 0 || buffers[i]!.seqAt(cursors[i]!) > buffers[pick]!.seqAt(cursors[pick]!)) pick = i;
      }
      if (pick < 0 || (!match && newestFirst.length >= limit)) break;
      const index = cursors[pick]!--;
      if (match && !match(buffers[pick]!.view(index))) continue;
      matched++;
      if (newestFirst.length < limit) newestFirst.push(buffers[pick]!.at(index));
    }
    const total = buffers.reduce((sum, buffer) => sum + buffer.size, 0);
    return { entries: newestFirst.reverse(), matched: match ? matched : total, total };
  }

  /** Every stored entry (of the given kinds) with seq greater than `after`, oldest first: the replay for a late subscriber. */
  since(after: number, kinds: readonly BufferKind[] = BUFFER_KINDS): StoredEntry[] {
    const out: StoredEntry[] = [];
    for (const kind of kinds) {
      const buffer = this.buffers[kind] as RingBuffer<StoredEntry>;
      for (let i = buffer.indexAfter(after); i < buffer.size; i++) out.push(buffer.at(i));
    }
    return out.sort((a, b) => a.seq - b.seq);
  }

  /**
   * At most `max` stored entries with seq greater than `after`, oldest first, across every buffer: one
   * page of a replay, so a late subscriber never costs a copy of the whole store.
   */
  pageAfter(after: number, max: number): StoredEntry[] {
    const buffers = BUFFER_KINDS.map((kind) => this.buffers[kind] as RingBuffer<StoredEntry>);
    const cursors = buffers.map((buffer) => buffer.indexAfter(after));
    const out: StoredEntry[] = [];
    while (out.length < max) {
      let pick = -1;
      for (let i = 0; i < buffers.length; i++) {
        if (cursors[i]! >= buffers[i]!.size) continue;
        if (pick < 0 || buffers[i]!.seqAt(cursors[i]!) < buffers[pick]!.seqAt(cursors[pick]!)) pick = i;
      }
      if (pick < 0) break;
      out.push(buffers[pick]!.at(cursors[pick]!++));
    }
    return out;
  }

  findById(id: string): StoredEntry | undefined {
    const seq = Number(id);
    if (!Number.isInteger(seq) || seq <= 0) return undefined;
    for (const kind of BUFFER_KINDS) {
      const found = (this.buffers[kind] as RingBuffer<StoredEntry>).findBySeq(seq);
      if (found) return found;
    }
    return undefined;
  }

  latest<K extends BufferKind>(kind: K): BufferTypes[K] | undefined {
    return this.buffers[kind].newest();
  }

  counts(): Record<BufferKind, number> {
    return Object.fromEntries(BUFFER_KINDS.map((kind) => [kind, this.buffers[kind].size])) as Record<
      BufferKind,
      number
    >;
  }

  /** Real bytes the buffers hold (stored texts and their index), what the byte caps count. */
  bytes(): number {
    return BUFFER_KINDS.reduce((sum, kind) => sum + this.buffers[kind].byteSize, 0);
  }

  evicted(): Record<BufferKind, number> {
    return Object.fromEntries(BUFFER_KINDS.map((kind) => [kind, this.buffers[kind].evicted])) as Record<
      BufferKind,
      number
    >;
  }

  /** Empties every buffer; seq keeps counting so ids are never reused. Returns what was removed. */
  clear(): Record<BufferKind, number> {
    const removed = this.counts();
    for (const kind of BUFFER_KINDS) this.buffers[kind].clear();
    for (const listener of this.clearListeners) listener();
    return removed;
  }

  onEntry(listener: Listener): () => void {
    this.entryListeners.add(listener);
    return () => this.entryListeners.delete(listener);
  }

  /**
   * Each ingested capture's whole JSON as stored (after capping and redaction, with its id and seq),
   * serialized once for the buffer and the listener: what the journal appends. Screenshots (files) are
   * not told.
   */
  onJson(listener: (json: string) => void): () => void {
    this.jsonListeners.add(listener);
    return () => this.jsonListeners.delete(listener);
  }

  /**
   * Resolves once what was ingested so far is durable, so the caller may ack it: the journal's
   * group write (one per turn of the event loop) is done. Without a journal it resolves at once.
   */
  commit(): Promise<void> {
    if (this.commitHooks.size === 0) return Promise.resolve();
    if (this.commitHooks.size === 1) return this.commitHooks.values().next().value!();
    return Promise.all([...this.commitHooks].map((hook) => hook())).then(() => undefined);
  }

  onCommit(hook: () => Promise<void>): () => void {
    this.commitHooks.add(hook);
    return () => this.commitHooks.delete(hook);
  }

  onCleared(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  /** Where a stamped (and already redacted) entry goes; tracks the page on the way. */
  private bufferFor(entry: StoredEntry): RingBuffer<StoredEntry> | undefined {
    const buffers = this.buffers as unknown as { [K in BufferKind]: RingBuffer<StoredEntry> };
    switch (entry.type) {
      case 'console-log':
        return buffers.consoleLogs;
      case 'console-error':
        return buffers.consoleErrors;
      case 'network-request':
        return isFailedRequest(entry) ? buffers.networkErrors : buffers.networkSuccess;
      case 'selected-element':
        return buffers.selectedElements;
      case 'page-navigated':
      case 'current-url':
        this.pages.track(entry);
        return buffers.pageLoads;
      case 'websocket':
        return buffers.websocketFrames;
      default:
        return undefined;
    }
  }

  private stamp<E extends Exclude<CaptureEvent, { type: 'dropped' }>>(event: E): E & StoredEntry {
    const seq = ++this.seq;
    const stamped = event as E & StoredEntry;
    stamped.id = String(seq);
    stamped.seq = seq;
    if (event.type !== 'page-navigated')
      stamped.pageLoadId = (event as { pageLoadId?: string }).pageLoadId ?? this.pages.pageLoadFor(event.tabId);
    if (stamped.timestamp === undefined) stamped.timestamp = Date.now();
    return stamped;
  }

  private emit(entry: StoredEntry): void {
    for (const listener of this.entryListeners) listener(entry);
  }
}
