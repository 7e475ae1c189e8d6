/** The last replay's verdict above every tab: what it means, the step that failed, and the three groups. */
import type { DashboardVerdict } from '../../src/shared/dashboardMessages';
import type { Problem } from '../../src/shared/recording';
import { el } from './dom';

function group(title: string, problems: Problem[]): HTMLElement[] {
  if (!problems.length) return [];
  return [
    el(
      'div',
      { className: 'verdict-group' },
      el('strong', { textContent: `${title} (${problems.length})` }),
      el(
        'ul',
        {},
        ...problems
          .slice(0, 10)
          .map((problem) => el('li', { textContent: `after step ${problem.step + 1}: ${problem.text}` })),
      ),
    ),
  ];
}

/** `onDismiss` closes the banner (a button, also Escape while it has focus). */
export function verdictBanner({ verdict, title }: DashboardVerdict, onDismiss: () => void): HTMLElement {
  const kind = verdict.verdict === 'not reproduced' ? 'ok' : verdict.verdict === 'reproduced' ? 'bad' : 'warn';
  const failed = verdict.failedStep
    ? [
        el('p', {
          className: 'verdict-failed',
          textContent: `Failed step ${verdict.failedStep.index + 1} (${verdict.failedStep.type}): ${verdict.failedStep.reason}`,
        }),
      ]
    : [];
  const close = el('vscode-toolbar-button', { className: 'dismiss', title: 'Dismiss' });
  close.setAttribute('icon', 'close');
  close.setAttribute('label', 'Dismiss the replay verdict');
  close.addEventListener('click', onDismiss);
  const banner = el(
    'section',
    { className: `verdict ${kind}` },
    close,
    el('p', {}, el('strong', { textContent: `Replay of "${title}": ${verdict.verdict}` }), ` — ${verdict.summary}`),
    ...failed,
    ...group('Recurring', verdict.recurring),
    ...group('Gone', verdict.gone),
    ...group('New', verdict.new),
  );
  banner.setAttribute('role', 'status');
  banner.onkeydown = (event) => event.key === 'Escape' && onDismiss();
  return banner;
}
