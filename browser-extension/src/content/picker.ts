/**
 * Injected into a tab (isolated world) when the developer asks to pick an element: outlines what the pointer
 * is over with its size and a selector, picks on click (the page never sees that click), asks for an
 * optional note, and hands the pick to the service worker, which inspects it. Escape cancels.
 * The note reaches the assistant as the developer's words, so the page must not write it: the picker
 * lives in a closed shadow root, only trusted events pick, cancel or send, and the note keeps only what
 * real keys typed (typedInput.ts; anything else written into the field is put back).
 */
import type { SelectedElement } from '../../../src/shared/protocol';
import type { ExtensionMessage } from '../common/messages';
import { deepestAt } from './deepElement';
import { typedOnly } from './typedInput';

const HOST_ID = '__browser_debug_picker__';
const PICK_ATTRIBUTE = 'data-browser-debug-pick';

const STYLE = `
.box{position:fixed;outline:2px solid #1a73e8;background:rgba(26,115,232,.12);pointer-events:none}
.label{position:fixed;font:12px/1.4 system-ui,sans-serif;color:#fff;background:#1a73e8;padding:1px 6px;border-radius:3px;white-space:nowrap;pointer-events:none}
.note{position:fixed;right:16px;bottom:16px;display:flex;gap:6px;align-items:center;padding:8px;border-radius:6px;
  background:#fff;color:#222;box-shadow:0 4px 16px rgba(0,0,0,.3);font:13px system-ui,sans-serif;pointer-events:auto}
.note input{width:260px;font:inherit;padding:4px 6px}
.hint{position:fixed;left:50%;top:8px;transform:translateX(-50%);font:12px system-ui,sans-serif;color:#fff;background:#333;padding:3px 8px;border-radius:4px;pointer-events:none}
`;

function short(element: Element): string {
  let text = element.tagName.toLowerCase();
  if (element.id) return `${text}#${element.id}`;
  const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).filter(Boolean) : [];
  if (classes.length) text += `.${classes.slice(0, 2).join('.')}`;
  return text;
}

/** Facts about the picked element as this frame sees them, for a frame the worker's debugger session cannot reach. */
function factsOf(element: Element): SelectedElement {
  const rect = element.getBoundingClientRect();
  const attributes: Record<string, string> = {};
  for (const { name, value } of [...element.attributes].slice(0, 50))
    if (name !== PICK_ATTRIBUTE) attributes[name] = value.slice(0, 500);
  return {
    tagName: element.tagName,
    id: element.id,
    className: typeof element.className === 'string' ? element.className : '',
    attributes,
    dimensions: { width: rect.width, height: rect.height, top: rect.top, left: rect.left },
    innerHTML: element.innerHTML.slice(0, 2000),
    textContent: (element.textContent || '').slice(0, 1000),
  };
}

function start(): void {
  if (document.getElementById(HOST_ID)) return;
  const host = document.createElement('div');
  host.id = HOST_ID;
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
  const root = host.attachShadow({ mode: 'closed' });
  root.innerHTML = `<style>${STYLE}</style><div class="box" hidden></div><div class="label" hidden></div><div class="hint">Browser Debug: click an element to pick it · Esc cancels</div>`;
  document.documentElement.appendChild(host);
  const box = root.querySelector<HTMLElement>('.box')!;
  const label = root.querySelector<HTMLElement>('.label')!;
  let hovered: Element | undefined;
  let marked: Element | undefined;

  const show = (element: Element) => {
    const rect = element.getBoundingClientRect();
    Object.assign(box.style, {
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
    label.textContent = `${short(element)} · ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    Object.assign(label.style, {
      left: `${Math.max(rect.left, 0)}px`,
      top: `${rect.top > 22 ? rect.top - 22 : rect.bottom + 4}px`,
    });
    box.hidden = label.hidden = false;
  };
  /** The element a real (trusted) pointer event is on; undefined for the picker itself and for page-made events. */
  const targetOf = (event: Event): Element | undefined => {
    const first = event.composedPath()[0];
    if (!event.isTrusted || !(first instanceof Element) || first === host) return undefined;
    return event instanceof MouseEvent ? deepestAt(first, event.clientX, event.clientY) : first;
  };
  const onMove = (event: Event) => {
    const element = targetOf(event);
    if (element && element !== hovered) show((hovered = element));
  };
  // The page must not see the pick's press and click.
  const swallow = (event: Event) => {
    if (!targetOf(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onClick = (event: Event) => {
    const element = targetOf(event);
    if (!element) return;
    swallow(event);
    stopPointing();
    show(element);
    askNote(element);
  };
  const onKey = (event: KeyboardEvent) => {
    if (!event.isTrusted || event.key !== 'Escape') return;
    event.preventDefault();
    finish();
  };
  const pointerEvents = ['pointerdown', 'mousedown', 'pointerup', 'mouseup'] as const;
  const stopPointing = () => {
    removeEventListener('mousemove', onMove, true);
    removeEventListener('click', onClick, true);
    for (const name of pointerEvents) removeEventListener(name, swallow, true);
    root.querySelector('.hint')?.remove();
  };
  const finish = () => {
    // Cancelled after the click: the element keeps no trace of the pick.
    marked?.removeAttribute(PICK_ATTRIBUTE);
    stopPointing();
    removeEventListener('keydown', onKey, true);
    host.remove();
  };
  const askNote = (element: Element) => {
    const token = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    element.setAttribute(PICK_ATTRIBUTE, token);
    marked = element;
    const form = document.createElement('form');
    form.className = 'note';
    form.innerHTML = `<input name="note" placeholder="Note for the assistant (optional)" maxlength="2000" /><button type="submit">Send</button>`;
    root.appendChild(form);
    const input = form.querySelector('input')!;
    input.focus();
    const typed = typedOnly(input);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!event.isTrusted) return;
      const message: ExtensionMessage = {
        kind: 'element-picked',
        token,
        note: typed().trim(),
        element: factsOf(element),
      };
      marked = undefined;
      finish();
      void chrome.runtime.sendMessage(message);
    });
  };
  // A pick in one frame ends the picker in the tab's other frames (the worker tells them).
  chrome.runtime.onMessage.addListener((message: { kind?: string }) => {
    if (message?.kind === 'pick-stop') finish();
  });
  addEventListener('mousemove', onMove, true);
  addEventListener('click', onClick, true);
  for (const name of pointerEvents) addEventListener(name, swallow, true);
  addEventListener('keydown', onKey, true);
}

start();
