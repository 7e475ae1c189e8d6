import type {
  ComponentChain,
  ComponentFrame,
  ElementBox,
  ElementInspection,
  InspectedRule,
  SourcePosition,
} from '../../shared/inspection';
import type { StoredSelectedElement } from '../../shared/protocol';
import { fencePage } from './fence';

export const DEFAULT_INSPECT_CHARS = 3000;

const at = (position: SourcePosition | undefined) => (position ? `${position.source}:${position.line}` : undefined);

function edges({ top, right, bottom, left }: ElementBox['padding']): string {
  if (top === bottom && right === left) return top === right ? `${top}` : `${top} ${right}`;
  return `${top} ${right} ${bottom} ${left}`;
}

function boxLine(box: ElementBox | undefined): string {
  if (!box) return 'Box: none (not rendered).';
  return `Box: ${box.width}×${box.height} at (${box.x}, ${box.y}) in the viewport; padding ${edges(box.padding)}, border ${edges(box.border)}, margin ${edges(box.margin)}.`;
}

function frameText(frame: ComponentFrame): string {
  const where = at(frame.original) ?? (frame.file ? `${frame.file}${frame.fileLine ? `:${frame.fileLine}` : ''}` : '');
  return where ? `${frame.name} (${where})` : frame.name;
}

function componentLines(chain: ComponentChain): string[] {
  if (chain.framework === 'none') return [`Component: unavailable. ${chain.note ?? ''}`.trim()];
  const names = [...chain.components].reverse().map(frameText).join(' › ');
  const lines = [`Components (${chain.framework}, outermost first): ${names || 'none'}`];
  if (chain.element) {
    const where = at(chain.element.original) ?? chain.element.file;
    lines.push(
      where
        ? `Element written at ${where}${chain.element.original ? '' : chain.element.fileLine ? `:${chain.element.fileLine}` : ''}`
        : 'Element source: unavailable (no dev-mode location).',
    );
  }
  if (chain.note) lines.push(chain.note);
  return lines;
}

function ruleLines(rule: InspectedRule): string[] {
  const location = rule.location;
  const where =
    rule.origin === 'inline'
      ? 'inline'
      : (at(location?.original) ??
        (location ? `${location.sheetUrl || 'stylesheet'}:${location.line}` : 'no stylesheet location'));
  const head = `${rule.selector}${rule.media ? ` @media ${rule.media}` : ''} — ${where}`;
  return [
    head,
    ...rule.declarations.map((entry) => {
      const value = `${entry.name}: ${entry.value}${entry.important ? ' !important' : ''}`;
      if (entry.status === 'overridden') return `  ✗ ${value} (overridden)`;
      if (entry.status === 'invalid') return `  ! ${value} (invalid, ignored)`;
      return `  ✓ ${value}`;
    }),
  ];
}

/**
 * An inspection as text within `maxChars`: identity, box, visibility, component chain and key computed
 * values first, then rules by precedence until the budget ends, with a line saying how many were left out.
 */
export function inspectionText(inspection: ElementInspection, maxChars = DEFAULT_INSPECT_CHARS): string {
  const who = [
    `<${inspection.tag}>`,
    inspection.role && `role ${inspection.role}`,
    inspection.name && `"${inspection.name.slice(0, 80)}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const matches = inspection.matches && inspection.matches > 1 ? ` (first of ${inspection.matches} matches)` : '';
  const head = [
    `${who}${matches}; selector: ${inspection.selector}`,
    ...(inspection.frame ? [`In the frame ${inspection.frame}`] : []),
    ...(inspection.shadowHost ? [`In the open shadow root of <${inspection.shadowHost}>`] : []),
    boxLine(inspection.box),
    inspection.visible ? 'Visible.' : `Not visible: ${inspection.hiddenReasons.join('; ')}.`,
    ...componentLines(inspection.components),
    `Computed: ${Object.entries(inspection.computed)
      .map(([name, value]) => `${name} ${value}`)
      .join('; ')}`,
    `Matched rules, highest precedence first (✓ applies, ✗ overridden)${inspection.userAgentRules ? `; ${inspection.userAgentRules} user-agent rule(s) not shown` : ''}:`,
  ].join('\n');
  let text = head;
  let shown = 0;
  for (const rule of inspection.rules) {
    const block = ruleLines(rule).join('\n');
    if (text.length + block.length + 1 > maxChars - 80) break;
    text += `\n${block}`;
    shown++;
  }
  if (!inspection.rules.length) text += '\n(none but the browser defaults)';
  if (shown < inspection.rules.length)
    text += `\n… ${inspection.rules.length - shown} more rule(s) of lower precedence; pass a larger maxChars to see them.`;
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/** The developer's picks, newest first, each with its note and its inspection in an equal share of the budget. */
export function picksText(picks: readonly StoredSelectedElement[], total: number, budget: number): string {
  if (!picks.length)
    return 'No element picked yet. Ask the user to pick one: "Pick element" in the Browser Debug popup, its keyboard shortcut (Alt+Shift+E), or "Browser Debug: Pick Element" in VS Code.';
  const share = Math.max(800, Math.floor((budget - 200) / picks.length) - 250);
  const blocks = picks.map((pick) => {
    const when = new Date(pick.timestamp).toISOString();
    // The note is the user's, typed in the page's own document: page script can reach it, so it is fenced too.
    const head = `${pick.url ? `On ${pick.url}\n` : ''}${pick.note ? `Note: "${pick.note}"` : '(no note)'}`;
    const body = pick.inspection
      ? inspectionText(pick.inspection, share)
      : `<${pick.element.tagName.toLowerCase()}> ${pick.element.selector ?? ''}`;
    return `Pick #${pick.id} at ${when}:\n${fencePage(`${head}\n${body}`)}`;
  });
  return [`Showing ${picks.length} of ${total} pick(s), newest first.`, ...blocks].join('\n\n');
}
