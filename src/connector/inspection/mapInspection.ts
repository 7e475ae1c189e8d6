import type { ComponentFrame, ElementInspection, RuleLocation, SourcePosition } from '../../shared/inspection';
import { decodeDataUrl } from '../sourceMaps/evalMaps';
import { getText } from '../sourceMaps/httpText';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileSource, mappedSource, projectRoot } from './sourcePositions';

const MAP_TIMEOUT_MS = 5000;
const MAP_MAX_BYTES = 8 * 1024 * 1024;

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
    const mapped = await mapper.mapFrame(
      { url: frame.raw.url, line: frame.raw.line, column: frame.raw.column },
      [],
      pageUrl,
    );
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

/**
 * A source the page's URL names (`src/App.tsx`) as a file on disk, when the dev server's stylesheets told us
 * where the app lives (Vite's `data-vite-dev-id`).
 */
function onDisk(position: SourcePosition | undefined, roots: readonly string[]): SourcePosition | undefined {
  if (!position || position.file || /^[a-z][\w+.-]*:/i.test(position.source)) return position;
  const file = roots.map((root) => join(root, position.source)).find((path) => existsSync(path));
  return file ? { ...position, file } : position;
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
  const roots = [
    ...new Set(
      inspection.rules.flatMap((rule) => (rule.location?.devFile ? [projectRoot(rule.location.devFile) ?? ''] : [])),
    ),
  ].filter(Boolean);
  const located = (frame: ComponentFrame): ComponentFrame =>
    frame.original ? { ...frame, original: onDisk(frame.original, roots) } : frame;
  return {
    ...inspection,
    rules,
    components: {
      ...inspection.components,
      ...(element ? { element: located(element) } : {}),
      components: components.map(located),
    },
  };
}
