import type { ComponentFrame, ElementInspection, RuleLocation, SourcePosition } from '../../shared/inspection';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sheetMap } from './sheetMaps';
import { fileSource, mappedSource, projectRoot } from './sourcePositions';

/** The rule's place in the workspace: through the sheet's source map, else the dev server's file. */
async function mapRule(
  location: RuleLocation,
  mapper: SourceMapper,
  pageUrl: string | undefined,
): Promise<RuleLocation> {
  if (location.sourceMapUrl) {
    try {
      const map = await sheetMap(location, mapper, pageUrl);
      if (map) {
        const { originalPositionFor } = await import('@jridgewell/trace-mapping');
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
        rule.location ? { ...rule, location: await mapRule(rule.location, mapper, pageUrl) } : rule,
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
