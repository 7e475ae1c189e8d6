import type { ElementInspection } from '../../shared/inspection';
import type { VisualBox, VisualComponent } from '../../shared/visualChanges';
import type { BrowserBridge } from '../wire/browserBridge';
import { mapInspection } from '../inspection/mapInspection';
import type { SourceMapper } from '../sourceMaps/sourceMapper';

const INSPECT_TIMEOUT_MS = 10_000;

export interface RegionName {
  element: string;
  selector?: string;
  component: VisualComponent | null;
  /** The element's border box (CSS px), when it has one. */
  elementBox?: VisualBox;
}

/**
 * `<button.buy>` from the inspection's tag and the last compound of its selector (`#cart > button.buy`,
 * `#cart .buy`, `#host >>> button.buy`: @medv/finder's, which takes no spaces inside a compound).
 */
function shortElement(inspection: ElementInspection): string {
  const last = (inspection.selector.split(/\s+(?:>{1,3}\s+)?/).pop() ?? '').replace(
    /:nth-(?:of-type|child)\(\d+\)$/,
    '',
  );
  const named = last.startsWith(inspection.tag) ? last : `${inspection.tag}${/^[#.]/.test(last) ? last : ''}`;
  return `<${named}>`;
}

/** The nearest component that rendered the element, with where it was written (after source maps). */
function componentOf(inspection: ElementInspection): VisualComponent | null {
  const nearest = inspection.components.components[0];
  if (!nearest) return null;
  const at = nearest.original;
  return {
    name: nearest.name,
    ...(at ? { source: `${at.source}:${at.line}`, line: at.line } : {}),
    ...(at?.file ? { file: at.file } : {}),
  };
}

/**
 * Names a changed region (CSS px) by the element painted at its centre and its component chain, through the
 * inspect engine (the `inspect` command at a point, then the workspace mapping inspect_element uses).
 */
export async function nameRegion(
  deps: { bridge: BrowserBridge; sourceMaps: SourceMapper },
  box: VisualBox,
  tabId: number,
): Promise<RegionName> {
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const reply = await deps.bridge.command('inspect', { at, tabId }, INSPECT_TIMEOUT_MS);
  const inspection = await mapInspection(reply, deps.sourceMaps);
  const { box: found } = inspection;
  return {
    element: shortElement(inspection),
    selector: inspection.selector,
    component: componentOf(inspection),
    ...(found ? { elementBox: { x: found.x, y: found.y, width: found.width, height: found.height } } : {}),
  };
}
