/**
 * Injected into the recorded tab (isolated world) while a recording runs: turns the developer's real
 * input into DevTools Recorder steps and hands them to the service worker. Secret values never leave
 * this script inside a step: the step carries a placeholder and the value goes beside it.
 * Only events the browser made from real input (`isTrusted`) become steps: a page script dispatching
 * `click`, `change` or `keydown` cannot write a step, and so cannot write text into an exported test.
 */
import { secretPlaceholder, type RecorderStep } from '../../../src/shared/recording';
import { DIALOG_EVENT, type ExtensionMessage } from '../common/messages';
import { hideBadge, isBadge, showBadge } from './recording/badge';
import { isSecretField, secretKeyFor } from './recording/secretFields';
import { selectorsFor } from './recording/selectors';
import { AddedElements } from './recording/addedElements';
import { deepestAt, deepestFocused } from './deepElement';
import {
  isField,
  isTextField,
  KEYS_IN_FIELDS,
  MODIFIERS,
  SCROLL_KEYS,
  SPECIAL_KEYS,
  type Field,
} from './recording/inputKinds';

/** An element the page added this long after the previous step needed a wait. */
const WAIT_THRESHOLD_MS = 100;

type Scope = typeof globalThis & { __browserDebugRecorder?: { stop(): ExtensionMessage[] } };

class PageRecorder {
  private readonly recorded = new WeakMap<Element, string>();
  private readonly keysDown = new Set<string>();
  private readonly added = new AddedElements(document);
  private lastStepAt = Date.now();
  private userScrollUntil = 0;
  private scrollTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingScroll: (() => void) | undefined;
  /** Set while stopping: steps go back to the worker in stop()'s result instead of as messages. */
  private collected: ExtensionMessage[] | undefined;
  private readonly controller = new AbortController();

  start(): void {
    const options = { capture: true, passive: true, signal: this.controller.signal };
    // Only what the browser made from real input: page script's dispatched events are not steps.
    const on = <K extends keyof WindowEventMap>(name: K, handler: (event: WindowEventMap[K]) => void) =>
      window.addEventListener(name, (event) => void (event.isTrusted && handler(event)), options);
    on('click', (event) => this.onClick(event));
    on('dblclick', (event) => this.onDoubleClick(event));
    on('change', (event) => this.onChange(event.target));
    // `change` does not leave a shadow root; `input` does, so a field there is watched from its first input.
    on('input', (event) => this.watchShadowField(event));
    on('keydown', (event) => this.onKey(event, 'keyDown'));
    on('keyup', (event) => this.onKey(event, 'keyUp'));
    on('wheel', () => (this.userScrollUntil = Date.now() + 1000));
    document.addEventListener('scroll', (event) => void (event.isTrusted && this.onScroll(event.target)), options);
    window.addEventListener(
      DIALOG_EVENT,
      (event) =>
        this.send({ kind: 'recording-dialog', text: String((event as CustomEvent).detail), timestamp: Date.now() }),
      options,
    );
    this.added.start();
    // One badge, in the top frame: the recording is the tab's.
    if (window === window.top) showBadge(document);
  }

  /** Ends recording; returns steps still waiting (a scroll being debounced). */
  stop(): ExtensionMessage[] {
    this.collected = [];
    this.flushScroll();
    this.controller.abort();
    this.added.stop();
    hideBadge(document);
    return this.collected;
  }

  private onClick(event: MouseEvent): void {
    // detail 0: a click the browser made up (a label forwarding, Enter on a button); the real input is recorded already.
    const target = this.targetOf(event);
    if (!target || event.detail === 0) return;
    this.flushFieldsExcept(target);
    const rect = target.getBoundingClientRect();
    const step: RecorderStep = {
      type: 'click',
      target: 'main',
      selectors: selectorsFor(target),
      offsetX: round(event.clientX - rect.left),
      offsetY: round(event.clientY - rect.top),
    };
    if (event.button === 1) step.button = 'auxiliary';
    if (event.button === 2) step.button = 'secondary';
    this.emit(step, target);
  }

  private onDoubleClick(event: MouseEvent): void {
    const target = this.targetOf(event);
    if (!target) return;
    const rect = target.getBoundingClientRect();
    this.emit(
      {
        type: 'doubleClick',
        target: 'main',
        selectors: selectorsFor(target),
        offsetX: round(event.clientX - rect.left),
        offsetY: round(event.clientY - rect.top),
      },
      target,
    );
  }

  private onChange(target: EventTarget | null): void {
    if (!isField(target)) return;
    if (
      target instanceof HTMLInputElement &&
      ['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image'].includes(target.type)
    )
      return;
    this.recordValue(target);
  }

  /** Records the field's final value once; a secret field's value goes beside the step, never in it. */
  private recordValue(field: Field): void {
    const value = field.value;
    if (this.recorded.get(field) === value) return;
    this.recorded.set(field, value);
    const step: RecorderStep = { type: 'change', target: 'main', selectors: selectorsFor(field), value };
    if (isSecretField(field)) {
      const key = secretKeyFor(field);
      step.value = secretPlaceholder(key);
      this.emit(step, field, { key, value });
      return;
    }
    this.emit(step, field);
  }

  private onKey(event: KeyboardEvent, type: 'keyDown' | 'keyUp'): void {
    if (SCROLL_KEYS.has(event.key)) this.userScrollUntil = Date.now() + 1000;
    const inField = isTextField(event.target);
    // A character typed with AltGr or Option (ctrl+alt on Windows) is text, not a shortcut.
    const altGraph = event.getModifierState('AltGraph') || (event.ctrlKey && event.altKey);
    const shortcut = (event.ctrlKey || event.metaKey || event.altKey) && event.key.length === 1 && !altGraph;
    // Nothing but modifiers and the field keys of a secret field: its characters never reach a step.
    if (isField(event.target) && isSecretField(event.target) && shortcut) return;
    const wanted =
      MODIFIERS.has(event.key) ||
      shortcut ||
      (SPECIAL_KEYS.has(event.key) && (!inField || KEYS_IN_FIELDS.has(event.key)));
    if (type === 'keyDown') {
      if (!wanted) return;
      // The field's value before the key: Enter may submit the form before `change` fires.
      if (isField(event.target)) this.recordValue(event.target);
      this.keysDown.add(event.key);
    } else if (!this.keysDown.delete(event.key)) return;
    this.emit({ type, target: 'main', key: event.key });
  }

  private onScroll(target: EventTarget | null): void {
    if (Date.now() > this.userScrollUntil) return;
    clearTimeout(this.scrollTimer);
    this.pendingScroll = () => {
      const element = target instanceof Element && target !== document.scrollingElement ? target : undefined;
      if (element)
        this.emit({
          type: 'scroll',
          target: 'main',
          selectors: selectorsFor(element),
          x: round(element.scrollLeft),
          y: round(element.scrollTop),
        });
      else this.emit({ type: 'scroll', target: 'main', x: round(window.scrollX), y: round(window.scrollY) });
    };
    this.scrollTimer = setTimeout(() => this.flushScroll(), 250);
  }

  /** A scroll settles after a pause, or as soon as the next step comes, so steps stay in order. */
  private flushScroll(): void {
    const pending = this.pendingScroll;
    this.pendingScroll = undefined;
    clearTimeout(this.scrollTimer);
    pending?.();
  }

  private flushFieldsExcept(target: Element): void {
    const active = document.activeElement;
    if (
      isField(active) &&
      active !== target &&
      !(active instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(active.type))
    )
      this.recordValue(active);
  }

  /** The element the person used: inside shadow roots too, closed ones included (deepElement.ts). */
  private targetOf(event: Event): Element | undefined {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || isBadge(target)) return undefined;
    return event instanceof MouseEvent ? deepestAt(target, event.clientX, event.clientY) : target;
  }

  private readonly watched = new WeakSet<Element>();

  /** A field in a shadow root gets its own `change` listener, which records it as a field of the page would be. */
  private watchShadowField(event: Event): void {
    const first = event.composedPath()[0];
    if (!(first instanceof Element)) return;
    const field = deepestFocused(first);
    if (!isField(field) || !(field.getRootNode() instanceof ShadowRoot) || this.watched.has(field)) return;
    this.watched.add(field);
    const options = { capture: true, passive: true, signal: this.controller.signal };
    field.addEventListener('change', (change) => void (change.isTrusted && this.onChange(field)), options);
  }

  /** Adds a waitForElement first when the page produced the element some time after the previous step. */
  private emit(step: RecorderStep, element?: Element, secret?: { key: string; value: string }): void {
    if (step.type !== 'scroll') this.flushScroll();
    const now = Date.now();
    const addedAt = element ? this.added.addedAt(element) : undefined;
    if (addedAt !== undefined && addedAt - this.lastStepAt > WAIT_THRESHOLD_MS && step.selectors) {
      this.send({
        kind: 'recording-step',
        step: { type: 'waitForElement', target: 'main', selectors: step.selectors },
        timestamp: now,
      });
    }
    this.lastStepAt = now;
    this.send({ kind: 'recording-step', step, timestamp: now, secret });
  }

  private send(message: ExtensionMessage): void {
    // A step in a subframe says which, as DevTools Recorder does: child indexes from the top frame down.
    if (message.kind === 'recording-step' && FRAME_PATH.length) message.step.frame = FRAME_PATH;
    if (this.collected) this.collected.push(message);
    else void chrome.runtime.sendMessage(message).catch(() => undefined);
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * This frame's place in the tab: its index among its parent's frames, for each level up to the top frame (the order
 * of `window.frames`: Chromium's frame tree, insertion order and not document order, as in Recorder's `frame` and
 * Puppeteer's `childFrames()`). Reading a parent's `frames` is allowed across origins.
 */
function framePath(): number[] {
  const path: number[] = [];
  let current: Window = window;
  while (current !== current.parent && path.length < 16) {
    const parent: Window = current.parent;
    let index = -1;
    for (let i = 0; i < parent.frames.length; i++) if (parent.frames[i] === current) index = i;
    if (index < 0) return [];
    path.unshift(index);
    current = parent;
  }
  return path;
}
const FRAME_PATH = framePath();

const scope = globalThis as Scope;
if (!scope.__browserDebugRecorder) {
  const recorder = new PageRecorder();
  recorder.start();
  scope.__browserDebugRecorder = {
    stop: () => {
      delete scope.__browserDebugRecorder;
      return recorder.stop();
    },
  };
}
