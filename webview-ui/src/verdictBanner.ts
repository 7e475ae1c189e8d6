/** The last replay's verdict above every tab: what it means, the step that failed, and the three groups. */
import type { DashboardVerdict } from '../../src/shared/dashboardMessages';
import type { Problem } from '../../src/shared/recording';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

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

export function verdictBanner({ verdict, title }: DashboardVerdict): HTMLElement {
  const kind = verdict.verdict === 'not reproduced' ? 'ok' : verdict.verdict === 'reproduced' ? 'bad' : 'warn';
  const failed = verdict.failedStep
    ? [
        el('p', {
          className: 'verdict-failed',
          textContent: `Failed step ${verdict.failedStep.index + 1} (${verdict.failedStep.type}): ${verdict.failedStep.reason}`,
        }),
      ]
    : [];
  return el(
    'section',
    { className: `verdict ${kind}` },
    el('p', {}, el('strong', { textContent: `Replay of "${title}": ${verdict.verdict}` }), ` — ${verdict.summary}`),
    ...failed,
    ...group('Recurring', verdict.recurring),
    ...group('Gone', verdict.gone),
    ...group('New', verdict.new),
  );
}
