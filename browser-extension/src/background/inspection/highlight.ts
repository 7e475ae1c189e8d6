import { tabIdOf, type CommandName, type HighlightArgs } from '../../../../src/shared/browserCommands';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { actionSession, openSession } from '../actions/actionSession';
import { callOn } from '../actions/locate';
import { nodeOfRef } from '../actions/refs';
import { resolveSelectorAll } from '../actions/locate';

const HOST_ID = '__browser_debug_highlight__';
const MAX_DURATION_MS = 60_000;

/**
 * Draws a labelled outline around `this` in a closed shadow root on top of the page; the outline follows
 * scrolling, and goes after `durationMs` (0: until cleared). Returns the label's text.
 */
const DRAW = `function (hostId, label, durationMs) {
  document.getElementById(hostId)?.remove();
  const el = this.nodeType === 1 ? this : this.parentElement;
  const host = document.createElement('div');
  host.id = hostId;
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<style>.box{position:fixed;outline:2px solid #e8178a;background:rgba(232,23,138,.12)}' +
    '.label{position:fixed;font:12px/1.4 system-ui,sans-serif;color:#fff;background:#e8178a;padding:1px 6px;border-radius:3px;white-space:nowrap}</style>' +
    '<div class="box"></div><div class="label"></div>';
  const box = root.querySelector('.box');
  const tag = root.querySelector('.label');
  const place = () => {
    if (!host.isConnected) return;
    const rect = el.getBoundingClientRect();
    Object.assign(box.style, { left: rect.left + 'px', top: rect.top + 'px', width: rect.width + 'px', height: rect.height + 'px' });
    tag.textContent = (label ? label + ' · ' : '') + Math.round(rect.width) + '×' + Math.round(rect.height);
    Object.assign(tag.style, { left: Math.max(rect.left, 0) + 'px', top: (rect.top > 22 ? rect.top - 22 : rect.bottom + 4) + 'px' });
    requestAnimationFrame(place);
  };
  document.documentElement.appendChild(host);
  place();
  if (durationMs > 0) setTimeout(() => host.remove(), durationMs);
  return tag.textContent;
}`;

const CLEAR = `document.getElementById(${JSON.stringify(HOST_ID)})?.remove()`;

/** `highlight` command: outlines a ref's or selector's element with a label, or clears (`clear: true`). */
export async function highlight(args: HighlightArgs) {
  const tab = await targetTab(args.tabId);
  const session = await actionSession(tab.id!);
  if (args.clear === true) {
    await session.send('Runtime.evaluate', { expression: CLEAR });
    highlighted.delete(session.tabId);
    return { tabId: tab.id, cleared: true };
  }
  let backendNodeId: number;
  if (typeof args.ref === 'string') backendNodeId = nodeOfRef(session.tabId, args.ref);
  else if (typeof args.selector === 'string')
    backendNodeId = (await resolveSelectorAll(session.send, args.selector))[0]!;
  else throw new CommandError('INVALID_ARGUMENT', 'Give the element as `ref` or `selector`, or `clear: true`.');
  const label = typeof args.label === 'string' ? args.label.slice(0, 80) : '';
  const duration = typeof args.durationMs === 'number' ? Math.min(Math.max(args.durationMs, 0), MAX_DURATION_MS) : 0;
  await session.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }).catch(() => undefined);
  const shown = await callOn<string>(session.send, backendNodeId, DRAW, [HOST_ID, label, duration]);
  highlighted.add(session.tabId);
  return { tabId: tab.id, label: shown, durationMs: duration };
}

/** Tabs that may show a highlight: actions elsewhere cost nothing. */
const highlighted = new Set<number>();

/** Commands after which a highlight has done its job. */
const CLEARED_BY = new Set<CommandName>(['act', 'navigate', 'history', 'dialog', 'upload-file', 'replay-step']);

/** Removes a highlight before the next action, so the assistant's "this one?" never covers what it acts on. */
export async function clearHighlightBefore(name: CommandName, args: object): Promise<void> {
  if (!CLEARED_BY.has(name) || !highlighted.size) return;
  const tab = await targetTab(tabIdOf(args)).catch(() => undefined);
  if (tab?.id === undefined || !highlighted.delete(tab.id)) return;
  await openSession(tab.id)
    ?.send('Runtime.evaluate', { expression: CLEAR })
    .catch(() => undefined);
}
