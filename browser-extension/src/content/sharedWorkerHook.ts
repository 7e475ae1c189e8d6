/**
 * Tells the isolated relay when the page constructs a SharedWorker, so the service worker finds it at once
 * (Chrome reports a page's shared workers to no tab session). Runs in the page's MAIN world at document_start,
 * before any page script, and changes nothing the page can observe in use: `window.SharedWorker` becomes a
 * Proxy of the browser's own constructor with the same property descriptor, so `name`, `length`, `prototype`,
 * `instanceof`, subclassing and the TypeError of a call without `new` are the browser's own, and each
 * construction returns the browser's own worker. Only `Function.prototype.toString` differs (V8 prints a
 * Proxy as an anonymous native function). A page may replace or freeze `SharedWorker` as before: it replaces
 * or freezes the Proxy, which a replacement that wraps it still calls.
 */
import { SHARED_WORKER_EVENT } from '../common/messages';

export function watchSharedWorkers(): void {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'SharedWorker');
  const original: unknown = descriptor?.value;
  if (!descriptor?.configurable || typeof original !== 'function') return;
  // Taken now: a page script that replaces these later does not silence the signal (nor see it).
  const dispatch = EventTarget.prototype.dispatchEvent.bind(window);
  const PlainEvent = Event;
  const wrapped: typeof SharedWorker = new Proxy(original as typeof SharedWorker, {
    construct(target, args, newTarget) {
      const worker = Reflect.construct(target, args, newTarget === wrapped ? target : newTarget) as object;
      try {
        dispatch(new PlainEvent(SHARED_WORKER_EVENT));
      } catch {
        // The signal is a hint; the page's own call goes on regardless.
      }
      return worker;
    },
  });
  Object.defineProperty(window, 'SharedWorker', { ...descriptor, value: wrapped });
  // So that `worker.constructor === SharedWorker` still holds.
  const constructor = Object.getOwnPropertyDescriptor(original.prototype, 'constructor');
  if (constructor?.configurable)
    Object.defineProperty(original.prototype, 'constructor', { ...constructor, value: wrapped });
}
