import { formatFrame, parseStack } from '../../../src/shared/stackFrames';
import type { RequestInitiator } from '../common/messages';

const MAX_KEYS = 2000;
const PER_KEY = 20;

/**
 * The page locations that started fetch and XHR requests, waiting for their webRequest records.
 * The page hook reports a call before its request finishes; a record takes the oldest report for its
 * tab, URL and method. Bounded: old reports without a record are dropped.
 */
export class RequestInitiators {
  private readonly waiting = new Map<string, { method: string; source: string }[]>();

  add(tabId: number, initiator: RequestInitiator): void {
    const top = parseStack(initiator.stackText)[0];
    if (!top) return;
    const key = `${tabId} ${initiator.url}`;
    const list = this.waiting.get(key) ?? [];
    list.push({ method: initiator.method, source: formatFrame(top) });
    if (list.length > PER_KEY) list.shift();
    this.waiting.delete(key);
    this.waiting.set(key, list);
    if (this.waiting.size > MAX_KEYS) this.waiting.delete(this.waiting.keys().next().value!);
  }

  /** `<file>:<line>:<column>` of the call that started this request, if the page reported it. */
  take(tabId: number, url: string, method: string): string | undefined {
    const key = `${tabId} ${url}`;
    const list = this.waiting.get(key);
    const index = list?.findIndex((item) => item.method === method.toUpperCase()) ?? -1;
    if (index < 0) return undefined;
    const [found] = list!.splice(index, 1);
    if (!list!.length) this.waiting.delete(key);
    return found!.source;
  }
}
