import type { RuleLocation } from '../../shared/inspection';
import { decodeDataUrl } from '../sourceMaps/evalMaps';
import { getText } from '../sourceMaps/httpText';

/** Loaded lazily, as the connector's other source-map code does: most sessions never map a stylesheet. */
const traceMapping = () => import('@jridgewell/trace-mapping');
type TraceMap = InstanceType<Awaited<ReturnType<typeof traceMapping>>['AnyMap']>;

const MAP_TIMEOUT_MS = 5000;
const MAP_MAX_BYTES = 8 * 1024 * 1024;
/** Parsed maps kept, newest used last; past it the oldest goes. */
const MAX_KEPT = 64;

/** A stylesheet's source map as JSON text: inline (data:) or fetched over http(s) next to the sheet. */
async function mapText(location: RuleLocation): Promise<string | undefined> {
  const pointer = location.sourceMapUrl!;
  if (pointer.startsWith('data:')) return decodeDataUrl(pointer);
  const url = new URL(pointer, location.sheetUrl || undefined);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Like script maps: only from the sheet's own origin, redirects included (a page must not make us probe hosts).
  if (!location.sheetUrl || url.origin !== new URL(location.sheetUrl).origin) return undefined;
  return (await getText(url, MAP_TIMEOUT_MS, MAP_MAX_BYTES, { sameOrigin: true })).text;
}

async function loadMap(location: RuleLocation): Promise<TraceMap | undefined> {
  const text = await mapText(location);
  if (!text) return undefined;
  const { AnyMap } = await traceMapping();
  return new AnyMap(JSON.parse(text), location.sheetUrl || undefined);
}

const kept = new Map<string, Promise<TraceMap | undefined>>();

/**
 * The parsed source map of a rule's stylesheet. One revision of a sheet in the page (`sheetRevision`: its id and
 * how often its text changed) has one map, so the map is kept by it, with the sheet's and the map's URL: the rules
 * of a sheet and later inspections share one fetch and parse, and a sheet whose text changed gets its map read
 * again. A location without a revision (an older extension) is read every time; a failed read is not kept.
 */
export function sheetMap(location: RuleLocation): Promise<TraceMap | undefined> {
  if (!location.sheetRevision) return loadMap(location);
  const key = `${location.sheetRevision}\n${location.sheetUrl}\n${location.sourceMapUrl}`;
  let map = kept.get(key);
  if (map) {
    kept.delete(key);
    kept.set(key, map);
    return map;
  }
  map = loadMap(location);
  kept.set(key, map);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  const forget = () => kept.get(key) === map && kept.delete(key);
  map.then((found) => found ?? forget(), forget);
  return map;
}
