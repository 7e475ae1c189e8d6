/**
 * Tells the isolated relay when the page constructs a SharedWorker or a dedicated Worker, so the service worker
 * finds the shared worker at once (Chrome reports a page's shared workers to no tab session) and, with worker
 * capture on, opens the tab's debugger session for a dedicated worker's console. Runs in the page's MAIN world
 * at document_start, before any page script, and changes nothing the page can observe in use: the constructor
 * becomes a Proxy of the browser's own with the same property descriptor, so `name`, `length`, `prototype`,
 * `instanceof`, subclassing and the TypeError of a call without `new` are the browser's own, and each
 * construction returns the browser's own worker, started by the browser's constructor with the page's own
 * arguments (its script URL, base URL and CSP unchanged). Only `Function.prototype.toString` differs (V8 prints
 * a Proxy as an anonymous native function). A page may replace or freeze the constructor as before: it replaces
 * or freezes the Proxy, which a replacement that wraps it still calls.
 */
import { SHARED_WORKER_EVENT, WORKER_EVENT } from '../common/messages';

export function watchWorkers(): void {
  watchConstructor('SharedWorker', SHARED_WORKER_EVENT);
  watchConstructor('Worker', WORKER_EVENT);
}

function watchConstructor(name: 'SharedWorker' | 'Worker', eventName: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(window, name);
  const original: unknown = descriptor?.value;
  if (!descriptor?.configurable || typeof original !== 'function') return;
  // Taken now: a page script that replaces these later does not silence the signal (nor see it).
  const dispatch = EventTarget.prototype.dispatchEvent.bind(window);
  const PlainEvent = Event;
  const wrapped: new (...args: unknown[]) => object = new Proxy(original as new (...args: unknown[]) => object, {
    construct(target, args, newTarget) {
      const worker = Reflect.construct(target, args, newTarget === wrapped ? target : newTarget) as object;
      try {
        dispatch(new PlainEvent(eventName));
      } catch {
        // The signal is a hint; the page's own call goes on regardless.
      }
      return worker;
    },
  });
  Object.defineProperty(window, name, { ...descriptor, value: wrapped });
  // So that `worker.constructor === SharedWorker` (or `Worker`) still holds.
  const constructor = Object.getOwnPropertyDescriptor(original.prototype, 'constructor');
  if (constructor?.configurable)
    Object.defineProperty(original.prototype, 'constructor', { ...constructor, value: wrapped });
}
