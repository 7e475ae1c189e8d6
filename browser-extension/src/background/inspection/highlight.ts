import { tabIdOf, type CommandName, type HighlightArgs } from '../../../../src/shared/browserCommands';
import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import { targetTab } from '../targetTab';
import { actionSession, openSession } from '../actions/actionSession';
import { callOn } from '../actions/locate';
import type { Acting } from '../actions/acting';
import { actingFor } from '../actions/frameView';
import { elementOfRef } from '../actions/refs';
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
    await clear(session);
    return { tabId: tab.id, cleared: true };
  }
  // An element inside an out-of-process iframe is outlined in that frame's own document.
  let at: Acting = session;
  let backendNodeId: number;
  if (typeof args.ref === 'string') {
    const element = elementOfRef(session.tabId, args.ref);
    at = actingFor(session, element.targetId);
    backendNodeId = element.backendNodeId;
  } else if (typeof args.selector === 'string')
    backendNodeId = (await resolveSelectorAll(session.send, args.selector))[0]!;
  else throw new CommandError('INVALID_ARGUMENT', 'Give the element as `ref` or `selector`, or `clear: true`.');
  // DRAW replaces an outline in its own document; one drawn in another goes first.
  const before = highlighted.get(session.tabId);
  if (before && before !== at.send) await clear(session);
  const label = typeof args.label === 'string' ? args.label.slice(0, 80) : '';
  const duration = typeof args.durationMs === 'number' ? Math.min(Math.max(args.durationMs, 0), MAX_DURATION_MS) : 0;
  await at.origin?.();
  await at.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }).catch(() => undefined);
  const shown = await callOn<string>(at.send, backendNodeId, DRAW, [HOST_ID, label, duration]);
  highlighted.set(session.tabId, at.send);
  return { tabId: tab.id, label: shown, durationMs: duration };
}

/** Tabs that may show a highlight, with the document it is drawn in: actions elsewhere cost nothing. */
const highlighted = new Map<number, Send>();

/** Removes the tab's highlight, from the page and from the frame it was drawn in. */
async function clear(session: { tabId: number; send: Send }): Promise<void> {
  const drawnIn = highlighted.get(session.tabId);
  highlighted.delete(session.tabId);
  await Promise.all(
    [session.send, ...(drawnIn && drawnIn !== session.send ? [drawnIn] : [])].map((send) =>
      send('Runtime.evaluate', { expression: CLEAR }).catch(() => undefined),
    ),
  );
}

/** Commands after which a highlight has done its job. */
const CLEARED_BY = new Set<CommandName>(['act', 'navigate', 'history', 'dialog', 'upload-file', 'replay-step']);

/** Removes a highlight before the next action, so the assistant's "this one?" never covers what it acts on. */
export async function clearHighlightBefore(name: CommandName, args: object): Promise<void> {
  if (!CLEARED_BY.has(name) || !highlighted.size) return;
  const tab = await targetTab(tabIdOf(args)).catch(() => undefined);
  const session = tab?.id === undefined ? undefined : openSession(tab.id);
  if (session && highlighted.has(session.tabId)) await clear(session);
}
