/**
 * The leak analysis proper, run on the leak worker's thread. MemLab (`@memlab/core`) parses the three
 * snapshots and finds the retainer paths; the rules that pick what counts are here:
 *
 * 1. A leaked object was allocated between the baseline and the target snapshot (N iterations) and is
 *    still alive in the final one (one more iteration, after a forced GC): MemLab's own definition.
 * 2. Objects are grouped by what a developer recognises: `Detached <tag>` for DOM nodes cut from the page
 *    (with or without a JS wrapper), the function's name for closures, the constructor for objects.
 * 3. A group is a leak when it grew by at least one object per iteration.
 * 4. The browser's and V8's bookkeeping (performance entries, maps, code, strings) is never a group.
 * 5. Nor is what an extension's script holds (its closure is the nearest on the path).
 */
import { config, TraceFinder, type IHeapNode, type IHeapSnapshot } from '@memlab/core';
import type { LeakGroup } from '../../shared/leaks';
import { PAGE_HOOK_SOURCE_URL } from '../../shared/stackFrames';
import { bookkeeping, groupKey } from './leakGroups';
import { locationOf, retainerPath } from './retainers';
import { readNodeIds, readSnapshot } from './snapshotFile';

export interface HeapFiles {
  baseline: string;
  target: string;
  final: string;
}

export interface HeapDiff {
  leaks: LeakGroup[];
  growthPerIteration: { objects: number; bytes: number };
  analysisMs: number;
}

const MAX_GROUPS = 5;
const EXTENSION_SCRIPT = /^(chrome|moz)-extension:/;

interface Group {
  key: string;
  nodes: IHeapNode[];
}

/** Groups of leaked objects, largest retained size first. */
export async function diffHeaps(files: HeapFiles, iterations: number): Promise<HeapDiff> {
  const startedAt = Date.now();
  config.muteConsole = true;
  config.verbose = false;
  const [baseline, target] = [await readNodeIds(files.baseline), await readNodeIds(files.target)];
  const snapshot = await readSnapshot(files.final);
  const groups = new Map<string, Group>();
  snapshot.nodes.forEach((node) => {
    if (!target.has(node.id) || baseline.has(node.id) || bookkeeping(node)) return;
    const key = groupKey(node);
    if (key === undefined) return;
    const group = groups.get(key) ?? { key, nodes: [] };
    group.nodes.push(node);
    groups.set(key, group);
  });
  const grown = [...groups.values()].filter((group) => group.nodes.length >= iterations);
  if (!grown.length)
    return { leaks: [], growthPerIteration: { objects: 0, bytes: 0 }, analysisMs: Date.now() - startedAt };
  // Retained sizes and shortest retainer paths: MemLab's path finder, only when there is something to explain
  // (its preparePathFinder also marks React fibers for its own filters, which these rules do not read).
  const finder = new TraceFinder();
  finder.annotateShortestPaths(snapshot);
  finder.calculateAllNodesRetainedSizes(snapshot);
  // Rule 1's "alive": an object no GC root reaches is garbage the collector had not yet taken.
  const retained = grown
    .map((group) => ({ ...group, nodes: group.nodes.filter((node) => node.hasPathEdge) }))
    .filter((group) => group.nodes.length >= iterations);
  const reported = retained.map((group) => describe(snapshot, group, iterations, finder));
  const kept = reported.filter((leak): leak is LeakGroup => leak !== undefined);
  kept.sort((a, b) => b.retainedBytes - a.retainedBytes);
  let objects = 0;
  let bytes = 0;
  for (const group of retained)
    for (const node of group.nodes) {
      objects++;
      bytes += node.self_size;
    }
  return {
    leaks: kept.slice(0, MAX_GROUPS),
    growthPerIteration: kept.length
      ? { objects: Math.round(objects / iterations), bytes: Math.round(bytes / iterations) }
      : { objects: 0, bytes: 0 },
    analysisMs: Date.now() - startedAt,
  };
}

/** One group as the answer shows it; undefined when only DevTools' own references keep it. */
function describe(
  snapshot: IHeapSnapshot,
  group: Group,
  iterations: number,
  finder: TraceFinder,
): LeakGroup | undefined {
  const members = new Set(group.nodes.map((node) => node.id));
  let retainedBytes = 0;
  for (const node of group.nodes) if (!members.has(node.dominatorNode?.id ?? -1)) retainedBytes += node.retainedSize;
  const sample = group.nodes.find((node) => node.hasPathEdge);
  const path = sample ? finder.getPathToGCRoots(snapshot, sample) : undefined;
  const trace = retainerPath(path ?? undefined);
  if (trace.devtoolsOnly) return undefined;
  const location = trace.holder ? locationOf(snapshot, trace.holder) : undefined;
  // Rule 5: what an extension's own script keeps (ours included: the page hook, the relay) is not the page's.
  if (location && (EXTENSION_SCRIPT.test(location.url) || location.url.includes(PAGE_HOOK_SOURCE_URL)))
    return undefined;
  return {
    name: group.key,
    perIteration: Math.round((group.nodes.length / iterations) * 10) / 10,
    retainedBytes,
    retainers: trace.names,
    location,
  };
}
