import type { RuleLocation } from '../../../../src/shared/inspection';
import type { DocumentSession } from '../actions/acting';
import { perDocument } from '../actions/perDocument';

/** The fields of CSS.CSSStyleSheetHeader we read. */
interface SheetHeader {
  styleSheetId: string;
  sourceURL: string;
  sourceMapURL?: string;
  ownerNode?: number;
  isInline?: boolean;
  startLine: number;
  startColumn: number;
}

interface SheetTable {
  headers: Map<string, SheetHeader>;
  /** How often each sheet's text changed (CSS.styleSheetChanged): a new text may come with a new map. */
  changes: Map<string, number>;
  ready: Promise<void>;
}

const tables = new WeakMap<DocumentSession, SheetTable>();

/**
 * Enables the CSS domain on the session once and keeps its stylesheet headers (Chrome reports every sheet
 * when CSS is enabled, then each new one), so rules can say which file and line they come from.
 */
export function styleSheets(session: DocumentSession): Promise<SheetTable> {
  let table = tables.get(session);
  if (!table) {
    const headers = new Map<string, SheetHeader>();
    const changes = new Map<string, number>();
    session.on('CSS.styleSheetAdded', ({ header }: { header: SheetHeader }) =>
      headers.set(header.styleSheetId, header),
    );
    session.on('CSS.styleSheetChanged', ({ styleSheetId }: { styleSheetId: string }) =>
      changes.set(styleSheetId, (changes.get(styleSheetId) ?? 0) + 1),
    );
    session.on('CSS.styleSheetRemoved', ({ styleSheetId }: { styleSheetId: string }) => {
      headers.delete(styleSheetId);
      changes.delete(styleSheetId);
    });
    const ready = session.send('CSS.enable').then(() => undefined);
    table = { headers, changes, ready };
    tables.set(session, table);
    ready.catch(() => tables.delete(session));
  }
  const current = table;
  return current.ready.then(() => current);
}

/** Vite's dev server puts each imported CSS file in a `<style data-vite-dev-id="/abs/path.css">`. */
function devFileOf(session: DocumentSession, header: SheetHeader): Promise<string | undefined> {
  if (!header.ownerNode) return Promise.resolve(undefined);
  const devFiles = perDocument(session, 'style-dev-files', () => new Map<string, Promise<string | undefined>>());
  let file = devFiles.get(header.styleSheetId);
  if (!file) {
    file = session
      .send<{ node: { attributes?: string[] } }>('DOM.describeNode', { backendNodeId: header.ownerNode })
      .then(({ node }) => {
        const attributes = node.attributes ?? [];
        const at = attributes.indexOf('data-vite-dev-id');
        return at >= 0 ? attributes[at + 1] : undefined;
      })
      .catch(() => undefined);
    devFiles.set(header.styleSheetId, file);
  }
  return file;
}

/** Where a rule starts (0-based range in its sheet) as a 1-based location, with what maps it further. */
export async function ruleLocation(
  session: DocumentSession,
  table: SheetTable,
  styleSheetId: string | undefined,
  range: { startLine: number; startColumn: number } | undefined,
): Promise<RuleLocation | undefined> {
  const header = styleSheetId ? table.headers.get(styleSheetId) : undefined;
  if (!header || !range) return undefined;
  // A <style> inside an HTML file starts at its own line there; ranges are relative to the sheet.
  const inHtml = header.isInline && header.startLine > 0;
  const location: RuleLocation = {
    sheetUrl: header.sourceURL,
    line: range.startLine + 1 + (inHtml ? header.startLine : 0),
    column: range.startColumn + 1 + (inHtml && range.startLine === 0 ? header.startColumn : 0),
  };
  if (header.sourceMapURL) {
    location.sourceMapUrl = header.sourceMapURL;
    location.sheetRevision = `${header.styleSheetId}#${table.changes.get(header.styleSheetId) ?? 0}`;
  }
  const devFile = await devFileOf(session, header);
  if (devFile) location.devFile = devFile;
  return location;
}
