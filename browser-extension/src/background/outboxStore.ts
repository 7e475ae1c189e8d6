import type { Batch, Outbox, OutboxSnapshot } from './outbox';

/** The part of `chrome.storage.session` we use (a fake in unit tests). */
export interface SessionArea {
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

const META = 'outbox:meta';
const OPEN = 'outbox:open';
const BATCH = 'outbox:batch:';

interface Meta {
  instanceId: string;
  reservedSeq: number;
  seqs: number[];
  pendingDrops: number;
  droppedTotal: number;
  /** Older events the outbox held in memory that did not fit the storage budget. */
  unstored: number;
}

/** `chrome.storage.session` holds 10 MB, counted as JSON (escaping, UTF-8): the newest captures up to this many characters. */
export const STORAGE_BUDGET_CHARS = 6 * 1024 * 1024;

/**
 * While connected, acks usually come first: waiting this long saves writing most batches at all, a burst's
 * included (25,000 logs take the connector about 2 s). Each `set` of a few MB costs the browser's UI thread tens
 * of ms (issue 38), and a worker that talks to the connector is not stopped for being idle.
 */
const LIVE_DELAY_MS = 2_000;
/** Still connected and acked since, a write looks again this much later, up to LIVE_MAX_WAIT_MS after the change. */
const LIVE_RECHECK_MS = 250;
const LIVE_MAX_WAIT_MS = 5_000;
/** After a failed write (e.g. over the storage quota), try again this much later. */
const RETRY_MS = 1_000;

/**
 * Mirrors the outbox to `chrome.storage.session` (kept by the browser for the session, across service
 * worker stops, never on disk). One write at a time, each carrying every change since the last: a batch
 * is written once and removed when acked, the open batch is rewritten (it stays under one frame's size).
 * The area is small (10 MB), so it holds the newest captures up to a budget; the outbox in memory may
 * hold more (50,000 events), and if the worker stops, the older rest is counted as dropped.
 */
export class OutboxStore {
  private written = new Set<number>();
  /** The meta and open batch as last stored: a write that would store them again is skipped. */
  private writtenState: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<boolean> | undefined;
  private dirty = false;
  /** When the oldest change not yet written was made, and the outbox's acks when the current wait began. */
  private dirtySince: number | undefined;
  private acksAtWait = 0;
  lastError: string | undefined;

  constructor(
    private readonly outbox: Outbox,
    private readonly area: SessionArea,
    /** Connected to the connector: writes may wait a little, since acks usually come first. */
    private readonly live: () => boolean = () => false,
    /** A write stored a new batch-number reservation: batches waiting for it can go now. */
    private readonly afterReservation: () => void = () => undefined,
    private readonly budgetChars = STORAGE_BUDGET_CHARS,
  ) {}

  /** Loads what an earlier worker left into the outbox, then mirrors every change. */
  async restore(): Promise<void> {
    let snapshot: OutboxSnapshot | undefined;
    try {
      snapshot = await this.load();
    } catch (error) {
      this.lastError = `could not read the saved outbox: ${(error as Error).message}`;
    }
    this.written = new Set(snapshot?.batches.map((batch) => batch.seq));
    this.outbox.onChange = (urgent) => this.schedule(urgent);
    this.outbox.restore(snapshot);
    await this.removeStrays().catch(() => undefined);
  }

  /** Batches acked just before a worker stopped may still be stored; the meta no longer names them. */
  private async removeStrays(): Promise<void> {
    const strays = Object.keys(await this.area.get(null)).filter(
      (key) => key.startsWith(BATCH) && !this.written.has(Number(key.slice(BATCH.length))),
    );
    if (strays.length) await this.area.remove(strays);
  }

  /** True when everything the outbox holds is stored. */
  get settled(): boolean {
    return !this.dirty && !this.writing && this.timer === undefined;
  }

  private async load(): Promise<OutboxSnapshot | undefined> {
    const { [META]: meta, [OPEN]: open } = (await this.area.get([META, OPEN])) as { [META]?: Meta; [OPEN]?: string[] };
    if (!meta) return undefined;
    const keys = meta.seqs.map((seq) => BATCH + seq);
    const stored = keys.length ? await this.area.get(keys) : {};
    const batches = keys
      .map((key) => stored[key] as Batch | undefined)
      .filter((batch): batch is Batch => Boolean(batch));
    // What did not fit is lost with the worker that held it: the next batch's marker counts it.
    const lost = meta.unstored ?? 0;
    return {
      instanceId: meta.instanceId,
      reservedSeq: meta.reservedSeq,
      batches,
      open: open ?? [],
      pendingDrops: meta.pendingDrops + lost,
      droppedTotal: meta.droppedTotal + lost,
    };
  }

  private schedule(urgent: boolean, delayMs?: number): void {
    this.dirty = true;
    this.dirtySince ??= Date.now();
    if (this.writing || (this.timer !== undefined && !urgent)) return;
    clearTimeout(this.timer);
    this.acksAtWait = this.outbox.acks;
    const delay = delayMs ?? (urgent || !this.live() ? 0 : LIVE_DELAY_MS);
    this.timer = setTimeout(() => (urgent ? void this.flush() : this.flushUnlessDraining()), delay);
  }

  /** Connected and still being acked (not for too long): the connector is taking it, so wait again. */
  private flushUnlessDraining(): void {
    const draining = this.live() && this.outbox.acks !== this.acksAtWait;
    if (draining && Date.now() - (this.dirtySince ?? 0) < LIVE_MAX_WAIT_MS) {
      this.acksAtWait = this.outbox.acks;
      this.timer = setTimeout(() => this.flushUnlessDraining(), LIVE_RECHECK_MS);
    } else void this.flush();
  }

  /** The newest batches that fit the budget beside the open batch (a run back from the newest), and the events of the rest. */
  private fitting(snapshot: OutboxSnapshot): { kept: Batch[]; unstored: number } {
    let room = this.budgetChars - snapshot.open.reduce((sum, text) => sum + text.length + 1, 0);
    const kept: Batch[] = [];
    let unstored = 0;
    for (const batch of [...snapshot.batches].reverse()) {
      if (unstored === 0 && batch.frame.length <= room) {
        kept.unshift(batch);
        room -= batch.frame.length;
      } else unstored += batch.count;
    }
    return { kept, unstored };
  }

  /** Writes the outbox as it is now: new batches, the open one and the meta in one `set`, then removals. */
  private async flush(): Promise<void> {
    this.timer = undefined;
    this.dirty = false;
    this.dirtySince = undefined;
    const snapshot = this.outbox.snapshot();
    const { kept, unstored } = this.fitting(snapshot);
    const current = new Set(kept.map((batch) => batch.seq));
    const meta: Meta = {
      instanceId: snapshot.instanceId,
      reservedSeq: snapshot.reservedSeq,
      seqs: [...current],
      pendingDrops: snapshot.pendingDrops,
      droppedTotal: snapshot.droppedTotal,
      unstored,
    };
    const items: Record<string, unknown> = { [META]: meta, [OPEN]: snapshot.open };
    for (const batch of kept) if (!this.written.has(batch.seq)) items[BATCH + batch.seq] = batch;
    const gone = [...this.written].filter((seq) => !current.has(seq)).map((seq) => BATCH + seq);
    // Connected, a batch is usually acked before its write is due: the area already holds this state, and a
    // write would only cost the browser's UI thread a storage call (issue 38: the DOM workload's crossings).
    const state = JSON.stringify(items);
    const unchanged = Object.keys(items).length === 2 && !gone.length && state === this.writtenState;
    this.writing = unchanged ? Promise.resolve(true) : this.write(items, gone);
    const ok = await this.writing;
    this.writing = undefined;
    if (!ok) return this.schedule(true, RETRY_MS);
    this.writtenState = state;
    this.written = current;
    this.outbox.reservationStored(meta.reservedSeq);
    this.afterReservation();
    if (this.dirty) this.schedule(false);
  }

  /** Storage errors are kept for the popup and retried, never thrown. */
  private async write(items: Record<string, unknown>, removals: string[]): Promise<boolean> {
    try {
      await this.area.set(items);
      if (removals.length) await this.area.remove(removals);
      this.lastError = undefined;
      return true;
    } catch (error) {
      this.lastError = `could not save the outbox: ${(error as Error).message}`;
      return false;
    }
  }
}
