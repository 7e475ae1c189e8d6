import type { NetworkRequestEvent } from '../../../src/shared/protocol';
import type { CapturedBody, ResourceTiming } from '../common/messages';

export interface Needs {
  timing: boolean;
  body: boolean;
  /** The page line that called fetch or XHR (the page hook reports it in its next batch). */
  initiator: boolean;
}

/** A fetch/XHR call the page hook reported: its method and top page frame (`<file>:<line>:<column>`), if any. */
export interface Initiator {
  method: string;
  source?: string;
}

interface Waiting {
  event: NetworkRequestEvent;
  needs: Needs;
  timing?: ResourceTiming;
  body?: CapturedBody;
  initiator?: Initiator;
  timer?: ReturnType<typeof setTimeout>;
}

type Finish = (event: NetworkRequestEvent, timing?: ResourceTiming, body?: CapturedBody, initiator?: Initiator) => void;

const MAX_SPARE_KEYS = 2000;

/**
 * Pairs a finished webRequest record with what the page reports about it (resource timing, the line that
 * called fetch or XHR, and bodies when opted in), by tab and URL, in whichever order they come: the page
 * holds its reports for a moment, so the call's line may come after the request finished. A record waits
 * at most `maxWaitMs`, then goes with whatever arrived.
 */
export class RequestExtras {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly spareTimings = new Map<string, ResourceTiming[]>();
  private readonly spareBodies = new Map<string, CapturedBody[]>();
  private readonly spareInitiators = new Map<string, Initiator[]>();

  constructor(private readonly finish: Finish) {}

  expect(key: string, event: NetworkRequestEvent, needs: Needs, maxWaitMs: number): void {
    const entry: Waiting = { event, needs };
    if (needs.timing) entry.timing = take(this.spareTimings, key, () => true);
    if (needs.body) entry.body = take(this.spareBodies, key, (body) => body.method === event.method);
    if (needs.initiator) entry.initiator = take(this.spareInitiators, key, (item) => item.method === event.method);
    if (isComplete(entry)) return this.done(entry);
    entry.timer = setTimeout(() => {
      this.remove(key, entry);
      this.done(entry);
    }, maxWaitMs);
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), entry]);
  }

  addTiming(key: string, timing: ResourceTiming): void {
    const entry = this.waiting.get(key)?.find((item) => item.needs.timing && !item.timing);
    if (!entry) return keep(this.spareTimings, key, timing);
    entry.timing = timing;
    this.settleIfComplete(key, entry);
  }

  addBody(key: string, body: CapturedBody): void {
    const entry = this.waiting
      .get(key)
      ?.find((item) => item.needs.body && !item.body && item.event.method === body.method);
    if (!entry) return keep(this.spareBodies, key, body);
    entry.body = body;
    this.settleIfComplete(key, entry);
  }

  /** The page's reports of calls come oldest first; a record takes the oldest for its method. */
  addInitiator(key: string, initiator: Initiator): void {
    const entry = this.waiting
      .get(key)
      ?.find((item) => item.needs.initiator && !item.initiator && item.event.method === initiator.method);
    if (!entry) return keep(this.spareInitiators, key, initiator);
    entry.initiator = initiator;
    this.settleIfComplete(key, entry);
  }

  private settleIfComplete(key: string, entry: Waiting): void {
    if (!isComplete(entry)) return;
    clearTimeout(entry.timer);
    this.remove(key, entry);
    this.done(entry);
  }

  private done(entry: Waiting): void {
    this.finish(entry.event, entry.timing, entry.body, entry.initiator);
  }

  private remove(key: string, entry: Waiting): void {
    const rest = (this.waiting.get(key) ?? []).filter((item) => item !== entry);
    if (rest.length) this.waiting.set(key, rest);
    else this.waiting.delete(key);
  }
}

function isComplete(entry: Waiting): boolean {
  return (
    (!entry.needs.timing || entry.timing !== undefined) &&
    (!entry.needs.body || entry.body !== undefined) &&
    (!entry.needs.initiator || entry.initiator !== undefined)
  );
}

function take<T>(spares: Map<string, T[]>, key: string, match: (item: T) => boolean): T | undefined {
  const list = spares.get(key);
  const index = list?.findIndex(match) ?? -1;
  if (index < 0) return undefined;
  const [item] = list!.splice(index, 1);
  if (!list!.length) spares.delete(key);
  return item;
}

/** What arrives before its record waits here, a few per key and a bounded number of keys. */
function keep<T>(spares: Map<string, T[]>, key: string, item: T): void {
  const list = spares.get(key) ?? [];
  list.push(item);
  if (list.length > 20) list.shift();
  spares.set(key, list);
  if (spares.size > MAX_SPARE_KEYS) spares.delete(spares.keys().next().value!);
}
