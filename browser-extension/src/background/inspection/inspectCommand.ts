import type { ElementInspection, InspectedRule } from '../../../../src/shared/inspection';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { actionSession, type ActionSession } from '../actions/actionSession';
import type { DocumentSession } from '../actions/acting';
import { actingFor } from '../actions/frameView';
import { elementOfRef, type RefElement } from '../actions/refs';
import { refuseWhileDialog } from '../actions/snapshotCommand';
import { boxFrom, computedNames, computedValues } from './boxModel';
import { cascade, type CdpMatchedStyles } from './cssCascade';
import { elementFacts, type ElementFacts } from './elementFacts';
import { forgetFrontendId, frontendId } from './frontendNodes';
import { selectorInFrames, type FramedMatch } from './selectorInFrames';
import { ruleLocation, styleSheets } from './styleSheets';

/**
 * The element of a ref or the first of a selector's matches (with how many matched), as the backend id and the
 * front-end id the CSS domain wants. A selector's query already answers front-end ids.
 */
async function target(session: DocumentSession, args: Record<string, unknown>, node?: number) {
  if (node !== undefined) {
    // A remembered front-end id may have gone stale (DOM.getDocument resets them): rulesOf asks again once.
    const { nodeId, remembered } = await frontendId(session, node);
    if (!nodeId) throw new CommandError('STALE_REF', 'That element is no longer on the page.');
    return { backendNodeId: node, nodeId, remembered };
  }
  if (typeof args.selector === 'string' && args.ref === undefined) {
    const { root } = await session.send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await session
      .send<{ nodeIds: number[] }>('DOM.querySelectorAll', { nodeId: root.nodeId, selector: args.selector })
      .catch(() => {
        throw new CommandError(
          'INVALID_ARGUMENT',
          `'${args.selector}' is not a valid CSS selector. Pass one such as "#cart button", or a ref such as "e7".`,
        );
      });
    if (!nodeIds.length)
      throw new CommandError(
        'NO_MATCH',
        `No element matches '${args.selector}' on this page. Take a snapshot without selector to see what is there.`,
      );
    const { node } = await session.send<{ node: { backendNodeId: number } }>('DOM.describeNode', {
      nodeId: nodeIds[0],
    });
    return { backendNodeId: node.backendNodeId, nodeId: nodeIds[0]!, matches: nodeIds.length };
  }
  if (typeof args.ref !== 'string')
    throw new CommandError('INVALID_ARGUMENT', 'Give the element as `ref` (from take_snapshot) or `selector` (CSS).');
  const { backendNodeId } = elementOfRef(session.tabId, args.ref);
  const { nodeId, remembered } = await frontendId(session, backendNodeId);
  if (!nodeId)
    throw new CommandError('STALE_REF', 'That element is no longer on the page. Take a new snapshot and use its refs.');
  return { backendNodeId, nodeId, remembered };
}

function pointOf(value: unknown): { x: number; y: number } | undefined {
  if (!value || typeof value !== 'object' || !('x' in value) || !('y' in value)) return undefined;
  const { x, y } = value;
  return typeof x === 'number' && typeof y === 'number' ? { x: Math.round(x), y: Math.round(y) } : undefined;
}

/** How long a point over an out-of-process frame waits for that frame's session to attach. */
const FRAME_ATTACH_MS = 2_000;

/**
 * The element painted at a point of the tab's viewport (CSS px), as hit testing finds it: inside an out-of-process
 * iframe too, where the frame's own hit test gets the point moved by the frame's offset. Over such a frame's
 * border (no element of its own there) the answer is the <iframe>.
 */
async function elementAt(session: ActionSession, at: { x: number; y: number }): Promise<RefElement> {
  let found: RefElement | undefined;
  let doc: DocumentSession = session;
  /** The child target `doc` is, undefined for the tab's page. */
  let targetId: string | undefined;
  for (;;) {
    const origin = (await doc.origin?.(false)) ?? { x: 0, y: 0 };
    const point = { x: Math.round(at.x - origin.x), y: Math.round(at.y - origin.y) };
    const hit = await hitTest(doc, point, targetId !== undefined);
    if (!hit) break;
    found =
      targetId === undefined ? { backendNodeId: hit.backendNodeId } : { backendNodeId: hit.backendNodeId, targetId };
    const { node } = await doc.send<{ node: { frameId?: string } }>('DOM.describeNode', {
      backendNodeId: hit.backendNodeId,
    });
    // Hit testing stops at an out-of-process frame's owner; its child session may still be attaching.
    const child = node.frameId ? await session.targets.whenAttached(node.frameId, FRAME_ATTACH_MS) : undefined;
    if (!child) break;
    doc = actingFor(session, child.targetId);
    targetId = child.targetId;
  }
  if (!found) throw new CommandError('NO_MATCH', `No element is painted at (${at.x}, ${at.y}) in the viewport.`);
  return found;
}

/**
 * The node hit testing finds at a point of the document's viewport. An out-of-process frame's renderer can
 * answer "no node" after its session attached again (an idle detach); its own elementFromPoint still knows.
 */
async function hitTest(doc: DocumentSession, point: { x: number; y: number }, inFrame: boolean) {
  const hit = await doc
    .send<{ backendNodeId: number }>('DOM.getNodeForLocation', { ...point, ignorePointerEventsNone: true })
    .catch(() => undefined);
  if (hit || !inFrame) return hit;
  const { result } = await doc
    .send<{ result?: { objectId?: string } }>('Runtime.evaluate', {
      expression: `document.elementFromPoint(${point.x}, ${point.y})`,
    })
    .catch(() => ({ result: undefined }));
  if (!result?.objectId) return undefined;
  const { node } = await doc.send<{ node: { backendNodeId: number } }>('DOM.describeNode', {
    objectId: result.objectId,
  });
  return { backendNodeId: node.backendNodeId };
}

/** Matched rules by the element's front-end id; a remembered id that went stale is asked for again, once. */
async function rulesOf(
  session: DocumentSession,
  args: Record<string, unknown>,
  found: Awaited<ReturnType<typeof target>>,
) {
  try {
    return await matchedRules(session, found.nodeId);
  } catch (error) {
    if (!('remembered' in found && found.remembered)) throw error;
    forgetFrontendId(session, found.backendNodeId);
    return matchedRules(session, (await target(session, args, found.backendNodeId)).nodeId);
  }
}

async function roleAndName(session: DocumentSession, backendNodeId: number) {
  const { nodes } = await session
    .send<{ nodes: { role?: { value?: string }; name?: { value?: string } }[] }>('Accessibility.getPartialAXTree', {
      backendNodeId,
      fetchRelatives: false,
    })
    .catch(() => ({ nodes: [] }));
  const role = nodes[0]?.role?.value;
  const name = nodes[0]?.name?.value;
  return { ...(role ? { role } : {}), ...(name ? { name } : {}) };
}

async function matchedRules(session: DocumentSession, nodeId: number) {
  const [table, matched] = await Promise.all([
    styleSheets(session),
    session.send<CdpMatchedStyles>('CSS.getMatchedStylesForNode', { nodeId }),
  ]);
  const ordered = cascade(matched);
  const shown = ordered.filter((entry) => entry.rule.origin !== 'user-agent');
  const rules: InspectedRule[] = await Promise.all(
    shown.map(async ({ rule, styleSheetId, range }) => {
      const location = await ruleLocation(session, table, styleSheetId, range);
      return location ? { ...rule, location } : rule;
    }),
  );
  return { rules, userAgentRules: ordered.length - shown.length };
}

/**
 * The document the element lives in: for a ref inside an out-of-process iframe, that frame's view (its child
 * session: DOM, CSS, Runtime and the accessibility tree are per process); else the tab's page.
 */
function documentOf(session: ActionSession, args: Record<string, unknown>, picked?: RefElement): DocumentSession {
  if (picked) return actingFor(session, picked.targetId);
  if (typeof args.ref !== 'string') return session;
  return actingFor(session, elementOfRef(session.tabId, args.ref).targetId);
}

/** A rect of the document's viewport in the tab's: an out-of-process iframe's moved by the frame's offset. */
async function inTab(session: DocumentSession, rect: ElementFacts['rect']): Promise<ElementFacts['rect']> {
  const origin = rect ? await session.origin?.(false) : undefined;
  return rect && origin ? { ...rect, x: rect.x + origin.x, y: rect.y + origin.y } : rect;
}

/**
 * `inspect` command: what an element is, where it is, why it looks so, and which component made it. `picked` (an
 * element the worker found itself, such as a pick inside a shadow root or an out-of-process iframe) takes the
 * place of ref and selector; so does `at`, a point of the tab's viewport, through every frame under it.
 */
export async function inspect(args: Record<string, unknown>, picked?: RefElement): Promise<ElementInspection> {
  const tab = await targetTab(typeof args.tabId === 'number' ? args.tabId : undefined);
  const tabSession = await actionSession(tab.id!);
  refuseWhileDialog(tabSession);
  const point = picked ? undefined : pointOf(args.at);
  // A selector the top document does not match may name an element of a frame or an open shadow root.
  const framed: FramedMatch | undefined =
    !picked && !point && typeof args.selector === 'string' && args.ref === undefined
      ? await selectorInFrames(tabSession, args.selector)
      : undefined;
  const element = point ? await elementAt(tabSession, point) : (picked ?? framed);
  const node = element?.backendNodeId;
  const session = documentOf(tabSession, args, element);
  // CSS first: computed and matched styles need the domain enabled, and its stylesheet headers.
  await styleSheets(session);
  const located = target(session, args, node);
  // A ref names its node at once, so the page and the accessibility tree need not wait for the DOM domain.
  const byRef = node === undefined && typeof args.ref === 'string' && args.selector === undefined;
  const backend =
    node !== undefined
      ? Promise.resolve(node)
      : byRef
        ? Promise.resolve().then(() => elementOfRef(session.tabId, args.ref).backendNodeId)
        : located.then((found) => found.backendNodeId);
  const extra = Array.isArray(args.properties) ? args.properties.filter((name) => typeof name === 'string') : [];
  // Three requests at once: the page (facts, box, computed values), the CSS domain, the accessibility tree.
  const [found, facts, cascadeResult, ax] = await Promise.all([
    located,
    backend.then((backendNodeId) => elementFacts(session, backendNodeId, computedNames(extra))),
    located.then((found) => rulesOf(session, args, found)),
    backend.then((backendNodeId) => roleAndName(session, backendNodeId)),
  ]);
  const values = new Map(Object.entries(facts.values));
  const box = boxFrom(await inTab(session, facts.rect), values);
  const computed = computedValues(values, extra);
  const matches = framed?.matches ?? ('matches' in found ? found.matches : undefined);
  return {
    tabId: tab.id!,
    url: tab.url,
    tag: facts.tag,
    ...ax,
    selector: facts.selector,
    ...(matches !== undefined ? { matches } : {}),
    ...(framed?.frameUrl !== undefined ? { frame: framed.frameUrl } : {}),
    ...(framed?.shadowHost !== undefined ? { shadowHost: framed.shadowHost } : {}),
    ...(box ? { box } : {}),
    visible: facts.hiddenReasons.length === 0,
    hiddenReasons: facts.hiddenReasons,
    computed,
    ...cascadeResult,
    components: facts.components,
  };
}
