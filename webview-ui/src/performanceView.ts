/**
 * The Performance tab's trace and vitals: Web Vitals per page load rated in words and colour, the latest
 * trace's LCP/CLS/INP, a waterfall of main-thread long tasks, render-blocking requests and insights.
 */
import type { DashboardToHost } from '../../src/shared/dashboardMessages';
import {
  VITAL_NAMES,
  formatVital,
  type PageLoadVitals,
  type PerformanceTraceRecord,
  type TraceScriptRef,
} from '../../src/shared/performance';
import {
  NO_SCRIPT_TASK,
  inpText,
  insightSavings,
  lcpText,
  phasesText,
  renderBlockingText,
  shiftText,
} from '../../src/shared/performanceDisplay';

type Post = (message: DashboardToHost) => void;

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/** Ratings in words as well as colours: a colour alone says nothing to some readers. */
const RATING_WORDS: Record<string, string> = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' };

/** One row per page load, newest first; a cell per metric, its rating in colour and in words. */
export function vitalsTable(pageLoads: PageLoadVitals[]): HTMLElement {
  const table = node('vscode-table', 'vitals');
  table.setAttribute('zebra', '');
  table.setAttribute('bordered-rows', '');
  const head = node('vscode-table-header', '');
  head.slot = 'header';
  head.append(...['Page load', ...VITAL_NAMES].map((name) => node('vscode-table-header-cell', '', name)));
  const body = node('vscode-table-body', '');
  body.slot = 'body';
  for (const load of pageLoads.slice().reverse()) {
    const row = node('vscode-table-row', '');
    row.dataset.pageLoad = load.pageLoadId;
    const page = node('vscode-table-cell', 'page', load.url ?? load.pageLoadId);
    page.title = `${load.url ?? ''} · ${new Date(load.startedAt).toLocaleTimeString()}`;
    row.append(page);
    for (const name of VITAL_NAMES) {
      const metric = load.metrics[name];
      const cell = node(
        'vscode-table-cell',
        metric ? `vital ${metric.rating}` : 'vital',
        metric ? `${formatVital(name, metric.value)} · ${RATING_WORDS[metric.rating] ?? metric.rating}` : '–',
      );
      if (metric?.target) cell.title = metric.target;
      row.append(cell);
    }
    body.append(row);
  }
  table.append(head, body);
  return table;
}

function scriptLink(ref: TraceScriptRef, post: Post): HTMLElement {
  const name = ref.url.split('/').pop() || ref.url;
  const link = node(
    'a',
    'script',
    `${ref.functionName ? `${ref.functionName} ` : ''}${name}${ref.line ? `:${ref.line}` : ''}`,
  );
  link.title = ref.source ? `${ref.url} → ${ref.source.path}:${ref.source.line}` : ref.url;
  link.href = '#';
  link.onclick = (event) => {
    event.preventDefault();
    post({ type: 'openScript', url: ref.url, line: Math.max(1, ref.line ?? 1), column: Math.max(1, ref.column ?? 1) });
  };
  return link;
}

/** Long tasks placed on the trace's time axis, each bar as long as the task, with its scripts beside. */
function longTaskWaterfall(trace: PerformanceTraceRecord, post: Post): HTMLElement {
  const span = Math.max(1, trace.summary.durationMs);
  const list = node('div', 'rows longtasks');
  for (const task of trace.summary.longTasks.slice().sort((a, b) => a.startMs - b.startMs)) {
    const bar = node('span', task.durationMs >= 200 ? 'bar failed' : 'bar');
    bar.style.marginLeft = `${Math.max(0, (task.startMs / span) * 100)}%`;
    bar.style.width = `${Math.max(0.5, (task.durationMs / span) * 100)}%`;
    const scripts = node('span', 'message');
    for (const ref of task.scripts) scripts.append(scriptLink(ref, post), ' ');
    if (!task.scripts.length) scripts.textContent = NO_SCRIPT_TASK;
    const row = node('div', 'row');
    row.append(
      node('span', 'time', `${Math.round(task.startMs)} ms`),
      node('span', 'time', `${Math.round(task.durationMs)} ms`),
      scripts,
      node('span', 'waterfall'),
    );
    row.lastElementChild!.append(bar);
    list.append(row);
  }
  return list;
}

function traceFacts(trace: PerformanceTraceRecord): HTMLElement {
  const { lcp, cls, inp } = trace.summary;
  const list = node('ul', 'facts');
  if (lcp) list.append(node('li', '', `${lcpText(lcp)}: ${phasesText(lcp.phases)}`));
  list.append(node('li', '', cls ? `CLS ${cls.score}` : 'CLS 0: no layout shifts.'));
  for (const shift of cls?.shifts ?? []) list.append(node('li', 'shift', shiftText(shift)));
  if (inp) list.append(node('li', '', `${inpText(inp)}: ${phasesText(inp.phases)}`));
  for (const request of trace.summary.renderBlocking)
    list.append(node('li', '', `Render-blocking: ${renderBlockingText(request)}`));
  return list;
}

function insightsList(trace: PerformanceTraceRecord): HTMLElement {
  const list = node('ul', 'insights');
  for (const insight of trace.summary.insights) {
    const item = node('li', `insight ${insight.state}`);
    const savings = insightSavings(insight);
    item.append(
      node('vscode-badge', 'badge', insight.state),
      node('span', '', ` ${insight.title}`),
      node('span', 'saving', savings ? ` — est. savings ${savings}` : ''),
    );
    if (insight.details?.length) item.append(node('code', 'selectors', insight.details.join(', ')));
    list.append(item);
  }
  return list;
}

export function traceView(trace: PerformanceTraceRecord, post: Post): HTMLElement {
  const section = node('div', 'trace');
  section.append(
    node(
      'p',
      'audit-meta',
      `Trace of ${trace.summary.url ?? 'the page'} · ${new Date(trace.timestamp).toLocaleString()} · ${Math.round(trace.summary.durationMs)} ms recorded`,
    ),
  );
  section.append(traceFacts(trace));
  section.append(
    node('h3', '', `Long main-thread tasks (${trace.summary.longTasks.length})`),
    longTaskWaterfall(trace, post),
  );
  section.append(node('h3', '', 'Insights'), insightsList(trace));
  return section;
}
