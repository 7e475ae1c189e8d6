import type { ComponentFrame, ElementInspection, RuleLocation } from '../../shared/inspection';
import { decodeDataUrl } from '../sourceMaps/evalMaps';
import { getText } from '../sourceMaps/httpText';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import { fileSource, mappedSource } from './sourcePositions';

const MAP_TIMEOUT_MS = 5000;
const MAP_MAX_BYTES = 8 * 1024 * 1024;

/** A stylesheet's source map as JSON text: inline (data:) or fetched over http(s) next to the sheet. */
async function mapText(location: RuleLocation): Promise<string | undefined> {
  const pointer = location.sourceMapUrl!;
  if (pointer.startsWith('data:')) return decodeDataUrl(pointer);
  const url = new URL(pointer, location.sheetUrl || undefined);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return (await getText(url, MAP_TIMEOUT_MS, MAP_MAX_BYTES)).text;
}

/** The rule's place in the workspace: through the sheet's source map, else the dev server's file. */
async function mapRule(location: RuleLocation, pageUrl: string | undefined): Promise<RuleLocation> {
  if (location.sourceMapUrl) {
    try {
      const text = await mapText(location);
      if (text) {
        const { AnyMap, originalPositionFor } = await import('@jridgewell/trace-mapping');
        const map = new AnyMap(JSON.parse(text), location.sheetUrl || undefined);
        const found = originalPositionFor(map, { line: location.line, column: location.column - 1 });
        if (found.source !== null)
          return { ...location, original: mappedSource(found.source, pageUrl, found.line, found.column + 1) };
      }
    } catch {
      // an unreadable map: fall back to the sheet itself
    }
  }
  if (location.devFile) return { ...location, original: fileSource(location.devFile, location.line, location.column) };
  return location;
}

async function mapComponent(
  frame: ComponentFrame,
  mapper: SourceMapper,
  pageUrl: string | undefined,
): Promise<ComponentFrame> {
  if (frame.raw) {
    const mapped = await mapper.mapFrame({ url: frame.raw.url, line: frame.raw.line, column: frame.raw.column });
    if (mapped.original)
      return {
        ...frame,
        original: mappedSource(mapped.original.source, pageUrl, mapped.original.line, mapped.original.column),
      };
    return frame;
  }
  if (frame.file) return { ...frame, original: fileSource(frame.file, frame.fileLine ?? 1) };
  return frame;
}

/** The browser's inspection with every stylesheet and component location mapped to the workspace. */
export async function mapInspection(inspection: ElementInspection, mapper: SourceMapper): Promise<ElementInspection> {
  const pageUrl = inspection.url;
  const [rules, element, components] = await Promise.all([
    Promise.all(
      inspection.rules.map(async (rule) =>
        rule.location ? { ...rule, location: await mapRule(rule.location, pageUrl) } : rule,
      ),
    ),
    inspection.components.element ? mapComponent(inspection.components.element, mapper, pageUrl) : undefined,
    Promise.all(inspection.components.components.map((frame) => mapComponent(frame, mapper, pageUrl))),
  ]);
  return {
    ...inspection,
    rules,
    components: { ...inspection.components, ...(element ? { element } : {}), components },
  };
}
