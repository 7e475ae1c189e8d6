import type { BoxEdges, ElementBox } from '../../../../src/shared/inspection';

const round = (value: number) => Math.round(value * 10) / 10;

/** The element's border box as the page measured it (getBoundingClientRect). */
export interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

function edgesOf(values: ReadonlyMap<string, string>, name: (side: string) => string): BoxEdges {
  const edge = (side: string) => round(Number.parseFloat(values.get(name(side)) ?? '0') || 0);
  return { top: edge('top'), right: edge('right'), bottom: edge('bottom'), left: edge('left') };
}

/**
 * The border box in the viewport and the widths of padding, border and margin; undefined when not rendered
 * (the page found no layout box). Margin and padding come from the computed style, which resolves them to
 * used pixels for a rendered element, as the DOM domain's box model does; measured in the page, so no
 * extra DevTools round trip.
 */
export function boxFrom(
  rect: PageRect | null | undefined,
  values: ReadonlyMap<string, string>,
): ElementBox | undefined {
  if (!rect) return undefined;
  return {
    x: round(rect.x),
    y: round(rect.y),
    width: round(rect.width),
    height: round(rect.height),
    padding: edgesOf(values, (side) => `padding-${side}`),
    border: edgesOf(values, (side) => `border-${side}-width`),
    margin: edgesOf(values, (side) => `margin-${side}`),
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

/** Shorthands the answer folds from their longhands (the computed style lists longhands). */
const FOLDED = new Set(['margin', 'padding', 'overflow']);

/** The computed properties the page reads: the key ones as longhands, the box widths, offsets and the caller's. */
export function computedNames(extra: readonly string[] = []): string[] {
  const names = KEY_PROPERTIES.filter((name) => !FOLDED.has(name));
  for (const side of SIDES) names.push(`margin-${side}`, `padding-${side}`, `border-${side}-width`, side);
  names.push('overflow-x', 'overflow-y', ...extra);
  return [...new Set(names)];
}

/** The key computed values plus the caller's, with margin, padding and overflow folded into one value each. */
export function computedValues(
  values: ReadonlyMap<string, string>,
  extra: readonly string[] = [],
): Record<string, string> {
  const all = new Map(values);
  for (const box of ['margin', 'padding']) {
    const sides = SIDES.map((side) => all.get(`${box}-${side}`) ?? '0px');
    const [top, right, bottom, left] = sides;
    all.set(box, top === bottom && right === left ? (top === right ? top! : `${top} ${right}`) : sides.join(' '));
  }
  const overflowX = all.get('overflow-x');
  const overflowY = all.get('overflow-y');
  if (overflowX) all.set('overflow', overflowX === overflowY ? overflowX : `${overflowX} ${overflowY}`);
  const result: Record<string, string> = {};
  for (const name of [...KEY_PROPERTIES, ...extra]) {
    const value = all.get(name);
    if (value !== undefined && value !== '') result[name] = value;
  }
  if (all.get('position') !== 'static')
    for (const side of SIDES) if (all.get(side) && all.get(side) !== 'auto') result[side] = all.get(side)!;
  return result;
}
