import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import type { Acting, ElementAt, Point } from './acting';
import { modifierBits, type Modifier } from './keyboard';
import { nodeFacts, objectOf, releaseObjects } from './locate';

export type MouseButton = 'left' | 'right' | 'middle';
/** The `buttons` bit of each button, as a page's MouseEvent reports it while the button is down. */
export const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };
/** Pointer moves per hover or drag: enough for mouseenter/over, dragenter/over to fire on the way. */
const MOVE_STEPS = 5;

export type { Point } from './acting';

export interface PointOptions {
  allowDisabled?: boolean;
  /** From the element's top-left corner (a Recorder step's offsetX/offsetY), kept inside it; the centre when absent. */
  offset?: Partial<Point>;
}

/** Scrolls the element into view and answers its centre in the viewport, refusing hidden or disabled ones. */
export async function actionPoint(session: Acting, backendNodeId: number, options: PointOptions = {}): Promise<Point> {
  const { send } = session;
  const facts = await nodeFacts(send, backendNodeId);
  if (!facts.connected)
    throw new CommandError(
      'STALE_REF',
      `${facts.label} is no longer in the page. Take a new snapshot and use its refs.`,
    );
  if (facts.disabled && !options.allowDisabled)
    throw new CommandError(
      'DISABLED',
      `${facts.label} is disabled, so a user could not use it. Do what enables it first (e.g. fill the required fields), then take a new snapshot.`,
    );
  // A page with out-of-process frames: if the scroll moves the element, the tab must draw before it routes input.
  const framed = session.routedPastFrames?.() ?? false;
  const before = framed ? await contentQuad(send, backendNodeId) : undefined;
  await send('DOM.scrollIntoViewIfNeeded', { backendNodeId }).catch(() => undefined);
  const quad = await contentQuad(send, backendNodeId);
  if (framed && quad && (!before || before.some((value, i) => Math.abs(value - quad[i]!) > 0.5)))
    await session.drawn?.();
  if (!quad)
    throw new CommandError(
      'NOT_VISIBLE',
      `${facts.label} is not visible (hidden, display:none, or zero size). Do what shows it first (open its menu or section), then take a new snapshot.`,
    );
  const point = pointIn(quad, options.offset);
  await refuseCovered(session, backendNodeId, point, facts.label);
  // In an out-of-process iframe the point is in the frame's viewport: input goes to the tab's.
  const origin = (await session.origin?.()) ?? { x: 0, y: 0 };
  return { x: point.x + origin.x, y: point.y + origin.y };
}

/** The element's first box of some area, in its document's viewport. */
async function contentQuad(send: Send, backendNodeId: number): Promise<number[] | undefined> {
  const { quads } = await send<{ quads: number[][] }>('DOM.getContentQuads', { backendNodeId }).catch(() => ({
    quads: [] as number[][],
  }));
  return quads.find((q) => area(q) > 1);
}

/** The quad's centre, or the offset from its top-left corner, kept at least one pixel inside. */
function pointIn(quad: number[], offset: Partial<Point> = {}): Point {
  const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!];
  const ys = [quad[1]!, quad[3]!, quad[5]!, quad[7]!];
  const along = (values: number[], by: number | undefined) => {
    const low = Math.min(...values);
    const size = Math.max(...values) - low;
    return by === undefined ? values.reduce((sum, value) => sum + value, 0) / 4 : low + Math.min(by, size - 1);
  };
  return { x: along(xs, offset.x), y: along(ys, offset.y) };
}

function area(quad: number[]): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 2) sum += quad[i]! * quad[(i + 3) % 8]! - quad[(i + 2) % 8]! * quad[i + 1]!;
  return Math.abs(sum) / 2;
}

/**
 * The element a user would hit at the point must be the target, inside it (in the flat tree: slotted
 * content counts as inside the slot's shadow element), or a label of it. The protocol names a slotted text
 * run by its light-DOM parent, the host: a host whose shadow tree holds the target counts as the target
 * (a web component's button, such as Shoelace's, whose label is slotted text).
 */
async function refuseCovered(session: Acting, backendNodeId: number, point: Point, label: string): Promise<void> {
  const { send } = session;
  const hit = await send<{ backendNodeId: number }>('DOM.getNodeForLocation', {
    x: Math.round(point.x),
    y: Math.round(point.y),
    includeUserAgentShadowDOM: true,
  }).catch(() => undefined);
  if (!hit || hit.backendNodeId === backendNodeId) return;
  const [target, other] = await Promise.all([objectOf(send, backendNodeId), objectOf(send, hit.backendNodeId)]);
  const { result } = await send<{ result: { value?: string } }>('Runtime.callFunctionOn', {
    objectId: target,
    arguments: [{ objectId: other }],
    returnByValue: true,
    functionDeclaration: `function (hit) {
      for (let n = hit; n; n = n.assignedSlot || n.parentNode || n.host) if (n === this) return '';
      for (let n = this, crossed = false; n; n = n.parentNode || n.host) {
        if (crossed && n === hit) return '';
        crossed = crossed || n instanceof ShadowRoot;
      }
      const lbl = hit.closest && hit.closest('label');
      if (lbl && lbl.control === this) return '';
      const el = hit.nodeType === 1 ? hit : hit.parentElement;
      return '<' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + '>';
    }`,
  });
  releaseObjects(send, [target, other]);
  if (result.value)
    throw new CommandError(
      'COVERED',
      `${label} is covered by ${result.value} at its centre, so a click would hit that instead. Close or move what covers it (a dialog, overlay or banner), then take a new snapshot.`,
    );
}

async function moveTo(
  session: Acting,
  send: Send,
  to: Point,
  modifiers: number,
  buttons = 0,
  steps = MOVE_STEPS,
): Promise<void> {
  const from = session.mouse;
  const sent: Promise<unknown>[] = [];
  // All steps are sent at once: one debugger session delivers them in order, and a background tab answers
  // each move only at its next animation frame (most of a second), so awaiting one by one took seconds.
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    sent.push(
      send('Input.dispatchMouseEvent', {
        type: 'mouseMoved',
        x,
        y,
        modifiers,
        buttons,
        button: buttons ? 'left' : 'none',
      }),
    );
  }
  session.mouse = { ...to };
  await Promise.all(sent);
}

export interface ClickOptions {
  button?: MouseButton;
  clickCount?: number;
  modifiers?: Modifier[];
  /** Where on the element, from its top-left corner; the centre when absent. */
  offset?: Partial<Point>;
}

/** A real click at the element's centre (or offset): move, press, release (twice for a double click). */
export async function clickNode(session: Acting, backendNodeId: number, options: ClickOptions = {}): Promise<void> {
  const point = await actionPoint(session, backendNodeId, { offset: options.offset });
  const button = options.button ?? 'left';
  const modifiers = modifierBits(options.modifiers ?? []);
  const send = session.pointer ?? session.send;
  // A move is answered at the page's next animation frame, which a background tab (an agent's own) may not get
  // for most of a second. The press right after it flushes the move, in order, so the click does not wait.
  const moved = moveTo(session, send, point, modifiers, 0, 1);
  moved.catch(() => undefined);
  for (let count = 1; count <= (options.clickCount ?? 1); count++) {
    const event = { x: point.x, y: point.y, button, clickCount: count, modifiers };
    await send('Input.dispatchMouseEvent', { type: 'mousePressed', buttons: BUTTON_BITS[button], ...event });
    await send('Input.dispatchMouseEvent', { type: 'mouseReleased', buttons: 0, ...event });
  }
  await moved;
}

/** Moves the pointer onto the element in steps, as a hand would: :hover, mouseenter and mouseover fire. */
export async function hoverNode(session: Acting, backendNodeId: number): Promise<void> {
  const point = await actionPoint(session, backendNodeId, { allowDisabled: true });
  await moveTo(session, session.pointer ?? session.send, point, 0);
}

/**
 * Presses on one element, moves to the other with the button held, and releases: mouse drags and HTML5 drag and
 * drop. The two may live in different documents (an out-of-process iframe, the page): points are in the tab's
 * viewport, and input always goes to the tab's page, which routes it to the frame under the pointer.
 */
export async function dragNode(source: ElementAt, target: ElementAt): Promise<void> {
  const session = source.at;
  const from = await actionPoint(session, source.backendNodeId);
  // A drag goes through the tab, whose browser side turns the moves into drag events: once its frames are drawn.
  const send = session.send;
  await Promise.all([source.at.drawn?.(), target.at.drawn?.()]);
  // As in clickNode: the press flushes the move before it, in order, so it need not wait for the move's answer.
  const moved = moveTo(session, send, from, 0, 0, 1);
  moved.catch(() => undefined);
  await send('Input.dispatchMouseEvent', {
    type: 'mousePressed',
    x: from.x,
    y: from.y,
    button: 'left',
    buttons: 1,
    clickCount: 1,
  });
  await moved;
  const to = await actionPoint(target.at, target.backendNodeId, { allowDisabled: true });
  // The first held move starts the drag and is awaited, so the later ones reach a drag in progress (dragenter,
  // dragover on the target) rather than being merged into the move that started it.
  const start = { x: from.x + (to.x - from.x) / MOVE_STEPS, y: from.y + (to.y - from.y) / MOVE_STEPS };
  await moveTo(session, send, start, 0, 1, 1);
  await moveTo(session, send, to, 0, 1, MOVE_STEPS - 1);
  await send('Input.dispatchMouseEvent', {
    type: 'mouseReleased',
    x: to.x,
    y: to.y,
    button: 'left',
    buttons: 0,
    clickCount: 1,
  });
}
