import type { RuleLocation } from '../../shared/inspection';
import { decodeDataUrl } from '../sourceMaps/evalMaps';
import { getText } from '../sourceMaps/httpText';
import type { SourceMapper } from '../sourceMaps/sourceMapper';

const MAP_TIMEOUT_MS = 5000;
const MAP_MAX_BYTES = 8 * 1024 * 1024;

/** A stylesheet's source map as JSON text: inline (data:) or fetched over http(s) next to the sheet. */
async function mapText(
  location: RuleLocation,
  mapper: SourceMapper,
  pageUrl: string | undefined,
): Promise<string | undefined> {
  const pointer = location.sourceMapUrl!;
  if (pointer.startsWith('data:')) return decodeDataUrl(pointer);
  const url = new URL(pointer, location.sheetUrl || undefined);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Like script maps: only from the sheet's own origin, redirects included (a page must not make us probe hosts).
  if (!location.sheetUrl || url.origin !== new URL(location.sheetUrl).origin) return undefined;
  // And only from addresses of the kinds the page is on (trust/fetchTargets).
  const scope = await mapper.scopeFor(pageUrl);
  return (await getText(url, MAP_TIMEOUT_MS, MAP_MAX_BYTES, { sameOrigin: true, scope, resolver: mapper.resolver }))
    .text;
}

/**
 * The parsed source map of a rule's stylesheet, kept in the SourceMapper's cache beside the scripts' maps. One
 * revision of a sheet in the page (`sheetRevision`: its id and how often its text changed) has one map, so the
 * map is kept by it, with the sheet's and the map's URL: the rules of a sheet and later inspections share one
 * fetch and parse, and a sheet whose text changed gets its map read again. A location without a revision (an
 * older extension) is read every time; a failed read is not kept.
 */
export function sheetMap(location: RuleLocation, mapper: SourceMapper, pageUrl: string | undefined) {
  const key = location.sheetRevision
    ? `sheet\n${pageUrl ?? ''}\n${location.sheetRevision}\n${location.sheetUrl}\n${location.sourceMapUrl}`
    : undefined;
  return mapper.keptMap(key, async () => {
    const json = await mapText(location, mapper, pageUrl);
    return json ? { json, base: location.sheetUrl || undefined } : undefined;
  });
}
