/**
 * The last leak check (Find Leaks…) above the tabs: the verdict in words and colour, the heap after GC per
 * iteration as a chart (with the same figures as a table for screen readers), and the leak groups, each one
 * click from the line that keeps it. Names and retainers are page data: they land as text, never as markup.
 */
import type { DashboardLeaks } from '../../src/shared/dashboardMessages';
import type { LeakGroup, LeakGrowthSample } from '../../src/shared/leaks';
import { el } from './dom';
import { post } from './state';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 90;
const PAD = 8;

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** A polyline with one dot per iteration; the scale starts at the smallest sample, so growth shows. */
function chart(growth: LeakGrowthSample[], leaking: boolean): SVGSVGElement {
  const picture = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'leak-chart', role: 'img' });
  const figures = growth.map((sample) => `iteration ${sample.iteration}: ${size(sample.usedBytes)}`).join(', ');
  picture.setAttribute('aria-label', `Heap after GC per iteration: ${figures}`);
  const used = growth.map((sample) => sample.usedBytes);
  const low = Math.min(...used);
  const span = Math.max(...used) - low || 1;
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, growth.length - 1);
  const y = (bytes: number) => HEIGHT - PAD - ((bytes - low) / span) * (HEIGHT - 2 * PAD);
  const points = growth.map((sample, index) => `${x(index)},${y(sample.usedBytes)}`).join(' ');
  const line = svg('polyline', { points, class: leaking ? 'leak-line bad' : 'leak-line ok' });
  picture.append(svg('line', { x1: PAD, y1: HEIGHT - PAD, x2: WIDTH - PAD, y2: HEIGHT - PAD, class: 'leak-axis' }));
  picture.append(line);
  for (const [index, sample] of growth.entries()) {
    const dot = svg('circle', { cx: x(index), cy: y(sample.usedBytes), r: 3, class: 'leak-point' });
    dot.dataset.iteration = String(sample.iteration);
    dot.append(svg('title', {}));
    dot.firstChild!.textContent = `Iteration ${sample.iteration}: ${size(sample.usedBytes)}`;
    picture.append(dot);
  }
  return picture;
}

/** The chart's scale in words: first and last sample, and the mean step between them. */
function trend(growth: LeakGrowthSample[]): HTMLElement {
  const first = growth[0]!;
  const last = growth[growth.length - 1]!;
  const step = (last.usedBytes - first.usedBytes) / Math.max(1, growth.length - 1);
  const sign = step >= 0 ? '+' : '−';
  return el('p', {
    className: 'leak-trend',
    textContent: `Heap after GC: ${size(first.usedBytes)} after iteration ${first.iteration}, ${size(last.usedBytes)} after iteration ${last.iteration} (${sign}${size(Math.abs(step))} per iteration).`,
  });
}

function table(growth: LeakGrowthSample[]): HTMLElement {
  const rows = growth.map((sample) =>
    el(
      'tr',
      {},
      el('td', { textContent: String(sample.iteration) }),
      el('td', { textContent: size(sample.usedBytes) }),
    ),
  );
  return el(
    'details',
    { className: 'leak-figures' },
    el('summary', { textContent: 'Figures' }),
    el(
      'table',
      {},
      el('thead', {}, el('tr', {}, el('th', { textContent: 'Iteration' }), el('th', { textContent: 'Heap after GC' }))),
      el('tbody', {}, ...rows),
    ),
  );
}

/** One group: what it is, how fast it grows, what holds it; a button opens the holder's line. */
function group(leak: LeakGroup): HTMLElement {
  const item = el(
    'li',
    { className: 'leak-group' },
    el('strong', { textContent: leak.name }),
    ` +${leak.perIteration} per iteration, retains ${size(leak.retainedBytes)}`,
  );
  const location = leak.location;
  if (location) {
    const open = el('button', { className: 'link leak-source', textContent: `${location.file}:${location.line}` });
    open.title = `Open ${location.file}:${location.line}:${location.column}, the code that keeps it`;
    open.onclick = () => post({ type: 'openScript', url: location.url, line: location.line, column: location.column });
    item.append(' held by ', open);
  } else item.append(' (no closure on its retainer path)');
  item.append(el('div', { className: 'leak-retainers', textContent: leak.retainers.join(' → ') }));
  return item;
}

/** `onDismiss` closes the view (a button, also Escape while it has focus). */
export function leakView({ title, report }: DashboardLeaks, onDismiss: () => void): HTMLElement {
  const leaking = report.verdict === 'leak';
  const close = el('button', { className: 'dismiss', textContent: '×', title: 'Dismiss' });
  close.setAttribute('aria-label', 'Dismiss the leak check');
  close.onclick = onDismiss;
  const growth = leaking
    ? `${report.growthPerIteration.objects} objects (${size(report.growthPerIteration.bytes)}) stay per iteration.`
    : `nothing grew over ${report.iterations} iterations and stayed after GC.`;
  const view = el(
    'section',
    { className: `verdict leak-view ${leaking ? 'bad' : 'ok'}` },
    close,
    el(
      'p',
      {},
      el('strong', {
        className: 'leak-verdict',
        textContent: `Leak check of "${title}": ${leaking ? 'leak' : 'no leak'}`,
      }),
      ` — ${growth}`,
    ),
  );
  if (report.growth.length) view.append(chart(report.growth, leaking), trend(report.growth), table(report.growth));
  if (report.leaks.length)
    view.append(el('ul', { className: 'leak-groups' }, ...report.leaks.map((leak) => group(leak))));
  view.setAttribute('role', 'status');
  view.onkeydown = (event) => event.key === 'Escape' && onDismiss();
  return view;
}
