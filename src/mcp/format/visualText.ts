import type { ReplayVerdict } from '../../shared/recording';
import type { VisualChange } from '../../shared/visualChanges';

const SHOWN = 10;
const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** Our words only: how the replay's screenshots were compared (no page text, so it stays outside the fence). */
export function visualSummary(verdict: ReplayVerdict): string | undefined {
  const report = verdict.visual;
  if (!report || report.state === 'off') return undefined;
  if (report.state === 'baseline')
    return `Visual: this run's screenshots are now the recording's baseline; later replays are compared with them.`;
  if (report.state === 'none')
    return `Visual: no baseline yet (the first replay that passes becomes it), so nothing was compared.`;
  const count = verdict.visualChanges?.length ?? 0;
  return `Visual: ${report.stepsCompared} steps compared with the baseline of ${time(report.baselineAt ?? 0)} UTC: ${count} visual change${count === 1 ? '' : 's'}.`;
}

function changeLine(change: VisualChange): string {
  const component = change.component
    ? ` in ${change.component.name}${change.component.source ? ` (${change.component.source})` : ''}`
    : '';
  const { x, y, width, height } = change.box;
  return `  - visual change at step ${change.step + 1}: ${change.element}${component}, ${width}×${height} at (${x}, ${y})`;
}

/** The changes and notes: element and component names come from the page, so these lines go in the fence. */
export function visualLines(verdict: ReplayVerdict): string[] {
  const changes = verdict.visualChanges ?? [];
  const notes = verdict.visual?.notes ?? [];
  return [
    ...(changes.length ? [`Visual changes (${changes.length}):`, ...changes.slice(0, SHOWN).map(changeLine)] : []),
    ...(changes.length > SHOWN ? [`  … ${changes.length - SHOWN} more in the replay's JSON (visualChanges).`] : []),
    ...notes.map((note) => `  note: ${note}`),
  ];
}
