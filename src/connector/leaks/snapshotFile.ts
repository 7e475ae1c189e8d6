/**
 * Heap snapshot files into MemLab's own objects, on the leak worker's thread. The file is JSON: V8's native
 * `JSON.parse` reads it about three times faster than MemLab's streaming number reader
 * (`utils.getSnapshotFromFile`, which also reads the file four times over), and the result is handed to
 * MemLab's `HeapSnapshot` class unchanged, so every index, path and retained size is still MemLab's.
 * Above `WHOLE_PARSE_MAX_BYTES` the text would not fit a V8 string comfortably: MemLab's streaming reader
 * takes over.
 */
import { stat, readFile } from 'node:fs/promises';
import { NumericSet, utils, type IHeapSnapshot } from '@memlab/core';
// MemLab's package exports hide the class; this is the one file that reaches for it (its parser builds the same).
import HeapSnapshot from '../../../node_modules/@memlab/core/dist/lib/heap-data/HeapSnapshot';

/** Files up to this size are read whole (the worker's heap holds the text and its arrays, about 4x the file). */
export const WHOLE_PARSE_MAX_BYTES = 256 * 1024 * 1024;

interface SnapshotMeta {
  meta: { node_fields: string[] };
}

const META_START = '"snapshot":';
const NODES_START = '"nodes":';

function section(text: string, file: string): { meta: SnapshotMeta; nodesAt: number } {
  const metaAt = text.indexOf(META_START);
  const nodesAt = text.indexOf(NODES_START);
  if (metaAt < 0 || nodesAt < metaAt) throw new Error(`${file} is not a V8 heap snapshot`);
  // `{"snapshot":{…},"nodes":[…]`: the meta object ends at the comma before "nodes".
  const meta = JSON.parse(
    text
      .slice(metaAt + META_START.length, nodesAt)
      .trim()
      .replace(/,$/, ''),
  ) as SnapshotMeta;
  return { meta, nodesAt };
}

/** The ids of every node in a snapshot (MemLab's `getSnapshotNodeIdsFromFile`, same set). */
export async function readNodeIds(file: string): Promise<NumericSet> {
  if ((await stat(file)).size > WHOLE_PARSE_MAX_BYTES) return utils.getSnapshotNodeIdsFromFile(file, {});
  const text = await readFile(file, 'utf8');
  const { meta, nodesAt } = section(text, file);
  // The nodes array holds numbers only: it ends at the first `]`.
  const nodes = JSON.parse(text.slice(nodesAt + NODES_START.length, text.indexOf(']', nodesAt) + 1)) as number[];
  const width = meta.meta.node_fields.length;
  const ids = new NumericSet();
  for (let at = meta.meta.node_fields.indexOf('id'); at < nodes.length; at += width) ids.add(nodes[at]!);
  return ids;
}

/** The whole snapshot as MemLab's `IHeapSnapshot` (MemLab's `getSnapshotFromFile`, same graph). */
export async function readSnapshot(file: string): Promise<IHeapSnapshot> {
  if ((await stat(file)).size > WHOLE_PARSE_MAX_BYTES) return utils.getSnapshotFromFile(file, {});
  const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  // MemLab keeps the numeric tables as Uint32Array, as its own reader makes them.
  for (const table of ['nodes', 'edges', 'locations'])
    raw[table] = Uint32Array.from((raw[table] as number[] | undefined) ?? []);
  return new HeapSnapshot(raw as never, {});
}
