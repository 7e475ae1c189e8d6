import type { ElementInspection, RuleLocation, SourcePosition } from '../../shared/inspection';
import type { StoredSelectedElement } from '../../shared/protocol';

/** One row of the Element view; `command` runs on click. */
export interface ElementRow {
  label: string;
  value: string;
  children?: ElementRow[];
  command?: { id: string; args?: unknown[]; title: string };
}

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;
const where = (position: SourcePosition | undefined) => (position ? `${position.source}:${position.line}` : undefined);

/** A rule's place as the browser reported it (before the connector's mapping): the dev-server file or the sheet. */
function rawWhere(location: RuleLocation | undefined): string {
  if (!location) return 'no location';
  if (location.original) return where(location.original)!;
  if (location.devFile) return `${fileName(location.devFile)}:${location.line}`;
  return `${location.sheetUrl ? fileName(location.sheetUrl) : 'stylesheet'}:${location.line}`;
}

function componentValue(inspection: ElementInspection): string {
  const chain = inspection.components;
  if (chain.framework === 'none') return 'unavailable';
  return [...chain.components]
    .reverse()
    .map((frame) => frame.name)
    .join(' › ');
}

/** The rows a pick adds above the element's fields: its note, component chain, visibility and rules. */
export function pickRows(pick: StoredSelectedElement): ElementRow[] {
  const inspection = pick.inspection;
  if (!pick.picked || !inspection) return [];
  const rows: ElementRow[] = [{ label: 'note', value: pick.note || '—' }];
  rows.push({
    label: 'component',
    value: `${componentValue(inspection)} (${inspection.components.framework})`,
    command: { id: 'browserDebug.goToComponent', title: 'Go to Component' },
  });
  rows.push({
    label: 'visible',
    value: inspection.visible ? 'yes' : `no: ${inspection.hiddenReasons.join('; ')}`,
  });
  rows.push({
    label: 'css rules',
    value: `${inspection.rules.length}${inspection.userAgentRules ? ` (+${inspection.userAgentRules} browser defaults)` : ''}`,
    children: inspection.rules.map((rule, index) => ({
      label: rule.selector,
      value: `${rawWhere(rule.location)} · ${rule.declarations
        .map((declaration) => `${declaration.status === 'overridden' ? '✗ ' : ''}${declaration.name}`)
        .join(', ')}`,
      command: { id: 'browserDebug.goToCssRule', args: [index], title: 'Go to CSS Rule' },
    })),
  });
  return rows;
}
