import type { IHeapNode, IHeapSnapshot, LeakTracePathItem } from '@memlab/core';
import type { LeakLocation } from '../../shared/leaks';

const MAX_HOPS = 6;
/** Roots that hold objects for DevTools itself (remote objects of a protocol client, the console). */
const DEVTOOLS_ROOT = /DevTools|Inspector|console/i;

export interface RetainerTrace {
  /** `Window.addEventListener → onResize() → context.panel → Detached <section>`, shortened to the last hops. */
  names: string[];
  /** The closure nearest the object on its path: the code that keeps it. */
  holder?: IHeapNode;
  /** Only a DevTools root keeps it: not the page's leak. */
  devtoolsOnly: boolean;
}

/** Blink's and V8's own links between the listener list and the function: left out of the short path. */
const PLUMBING = /^(blink::|cppgc::|V8EventListener$|InternalNode$|\(.*\)$)/;

function label(node: IHeapNode): string {
  if (node.type === 'closure') return `${node.name || '(anonymous)'}()`;
  const name = node.name.replace(/^system \/ /, '').replace(/^Context \/ .*$/, 'Context');
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}

/** The path MemLab found from a GC root to the object, as names, with the closure that holds it. */
export function retainerPath(path: LeakTracePathItem | undefined): RetainerTrace {
  const hops: string[] = [];
  let holder: IHeapNode | undefined;
  let root: IHeapNode | undefined;
  for (let item = path; item; item = item.next) {
    const node = item.node;
    if (!node) continue;
    root ??= node;
    if (node.type === 'closure') holder = node;
    if (!PLUMBING.test(node.name) || node === path?.node) hops.push(label(node));
  }
  const devtoolsOnly = root !== undefined && DEVTOOLS_ROOT.test(root.name) && !hops.some((hop) => /Window/.test(hop));
  const names = hops.length > MAX_HOPS ? ['…', ...hops.slice(-MAX_HOPS)] : hops;
  return { names, holder, devtoolsOnly };
}

/**
 * Where a closure was written, from the snapshot's `locations` table (script id, 0-based line and column)
 * and its script's node (`system / Script / URL`). Read here rather than through MemLab's index, which
 * assumes an older layout of the table.
 */
export function locationOf(snapshot: IHeapSnapshot, node: IHeapNode): LeakLocation | undefined {
  const raw = (snapshot as unknown as { snapshot?: RawSnapshot }).snapshot;
  const fields = raw?.snapshot?.meta?.location_fields;
  const nodeFields = raw?.snapshot?.meta?.node_fields?.length;
  const table = raw?.locations;
  if (!fields || !nodeFields || !table) return undefined;
  const width = fields.length;
  const at = (name: string) => fields.indexOf(name);
  const objectAt = at('object_index');
  const wanted = node.nodeIndex * nodeFields;
  for (let i = 0; i + width <= table.length; i += width) {
    if (table[i + objectAt] !== wanted) continue;
    return {
      url: scriptUrl(node) ?? `script ${table[i + at('script_id')]}`,
      file: '',
      line: table[i + at('line')]! + 1,
      column: table[i + at('column')]! + 1,
    };
  }
  return undefined;
}

interface RawSnapshot {
  snapshot?: { meta?: { location_fields?: string[]; node_fields?: string[] } };
  locations?: ArrayLike<number>;
}

/** The closure's script URL: closure → shared (SharedFunctionInfo) → script (`system / Script / URL`). */
function scriptUrl(node: IHeapNode): string | undefined {
  const shared = node.references.find((edge) => edge.name_or_index === 'shared')?.toNode;
  const script = shared?.references.find((edge) => edge.name_or_index === 'script')?.toNode;
  const match = script && /^system \/ Script \/ (.+)$/.exec(script.name);
  return match?.[1];
}
