import type { BoxEdges, ElementBox } from '../../../../src/shared/inspection';
import type { Send } from '../debuggerSession';

type Quad = number[];
interface CdpBoxModel {
  content: Quad;
  padding: Quad;
  border: Quad;
  margin: Quad;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** How far the outer quad reaches beyond the inner one on each side (quads run clockwise from top-left). */
function edges(outer: Quad, inner: Quad): BoxEdges {
  return {
    top: round(inner[1]! - outer[1]!),
    right: round(outer[2]! - inner[2]!),
    bottom: round(outer[5]! - inner[5]!),
    left: round(inner[0]! - outer[0]!),
  };
}

/** The border box in the viewport and the widths of padding, border and margin; undefined when not rendered. */
export async function boxOf(send: Send, backendNodeId: number): Promise<ElementBox | undefined> {
  const model = await send<{ model: CdpBoxModel }>('DOM.getBoxModel', { backendNodeId }).then(
    ({ model }) => model,
    () => undefined,
  );
  if (!model) return undefined;
  const { border } = model;
  return {
    x: round(border[0]!),
    y: round(border[1]!),
    width: round(border[2]! - border[0]!),
    height: round(border[5]! - border[1]!),
    padding: edges(model.padding, model.content),
    border: edges(model.border, model.padding),
    margin: edges(model.margin, model.border),
  };
}

/** The computed values that say how an element is laid out and looks, in this order. */
export const KEY_PROPERTIES = [
  'display',
  'position',
  'width',
  'height',
  'margin',
  'padding',
  'box-sizing',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'z-index',
  'overflow',
  'visibility',
  'opacity',
  'pointer-events',
];

/** Shorthands the computed style lists only as longhands. */
const SIDES = ['top', 'right', 'bottom', 'left'];

/** The key computed values plus the caller's, with margin and padding folded into one value each. */
export async function computedOf(
  send: Send,
  nodeId: number,
  extra: readonly string[] = [],
): Promise<Record<string, string>> {
  const { computedStyle } = await send<{ computedStyle: { name: string; value: string }[] }>(
    'CSS.getComputedStyleForNode',
    { nodeId },
  );
  const all = new Map(computedStyle.map(({ name, value }) => [name, value.slice(0, 2000)]));
  for (const box of ['margin', 'padding']) {
    const values = SIDES.map((side) => all.get(`${box}-${side}`) ?? '0px');
    const [top, right, bottom, left] = values;
    all.set(box, top === bottom && right === left ? (top === right ? top! : `${top} ${right}`) : values.join(' '));
  }
  const overflowX = all.get('overflow-x');
  const overflowY = all.get('overflow-y');
  if (overflowX) all.set('overflow', overflowX === overflowY ? overflowX : `${overflowX} ${overflowY}`);
  const result: Record<string, string> = {};
  for (const name of [...KEY_PROPERTIES, ...extra]) {
    const value = all.get(name);
    if (value !== undefined) result[name] = value;
  }
  if (all.get('position') !== 'static')
    for (const side of SIDES) if (all.get(side) && all.get(side) !== 'auto') result[side] = all.get(side)!;
  return result;
}
