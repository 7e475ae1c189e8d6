/** The Screenshots and Performance tabs: redrawn only when their own data changes. */
import { auditView } from './auditView';
import type { TabView } from './consoleTab';
import { el } from './dom';
import { button } from './elements';
import { traceView, vitalsTable } from './performanceView';
import { post, state } from './state';

/** A tab whose content is rebuilt when its data changes (it holds no typing or scroll worth keeping). */
function rebuilt(build: () => HTMLElement[], version: () => unknown[]): TabView {
  const section = el('section');
  let drawn: unknown[] | undefined;
  const update = () => {
    const now = version();
    if (drawn && now.every((part, i) => part === drawn![i])) return;
    drawn = now;
    section.replaceChildren(...build());
  };
  update();
  return { element: section, update };
}

export function screenshotsTab(): TabView {
  return rebuilt(
    () => {
      const capture = button({
        label: 'Capture screenshot',
        icon: 'device-camera',
        primary: true,
        onClick: () => post({ type: 'runCommand', command: 'browserDebug.captureScreenshot' }),
      });
      const grid = el(
        'div',
        { className: 'grid' },
        ...state.screenshots
          .slice()
          .reverse()
          .map((shot) => {
            const open = () => post({ type: 'openScreenshot', id: shot.id });
            const figure = el(
              'figure',
              { className: 'thumb', title: shot.path, tabIndex: 0 },
              el('img', { src: shot.src, alt: `Screenshot ${shot.width}×${shot.height}` }),
              el('figcaption', {
                textContent: `${new Date(shot.timestamp).toLocaleTimeString()} · ${shot.width}×${shot.height}`,
              }),
            );
            figure.setAttribute('role', 'button');
            figure.onclick = open;
            figure.onkeydown = (event) => (event.key === 'Enter' || event.key === ' ') && open();
            return figure;
          }),
      );
      return [el('div', { className: 'toolbar' }, capture), grid];
    },
    () => [state.screenshots.length, state.screenshots.at(-1)?.id],
  );
}

/** Vitals per page load, the latest trace, then the latest Lighthouse audit. */
export function performanceTab(): TabView {
  return rebuilt(
    () => {
      const record = button({
        label: 'Record performance trace',
        icon: 'record',
        primary: true,
        onClick: () => post({ type: 'recordTrace' }),
      });
      const toolbar = el('div', { className: 'toolbar' }, record);
      const { vitals, trace } = state.performance;
      if (trace) {
        toolbar.append(
          button({
            label: 'Open trace file',
            icon: 'go-to-file',
            title: trace.path,
            onClick: () => post({ type: 'openTraceFile' }),
          }),
        );
      }
      const parts: HTMLElement[] = [toolbar, el('h3', { textContent: 'Web Vitals per page load' })];
      parts.push(
        vitals.length
          ? vitalsTable(vitals)
          : el('p', { className: 'empty', textContent: 'No Web Vitals yet: load a page in the connected browser.' }),
      );
      if (trace) parts.push(el('h3', { textContent: 'Latest trace' }), traceView(trace, post));
      return [...parts, el('h3', { textContent: 'Lighthouse audit' }), auditsPart()];
    },
    () => [state.performance, state.audit],
  );
}

function auditsPart(): HTMLElement {
  const run = (
    command: 'browserDebug.runAccessibilityAudit' | 'browserDebug.runPerformanceAudit' | 'browserDebug.runFullAudit',
    label: string,
    icon: string,
  ) => button({ label, icon, onClick: () => post({ type: 'runCommand', command }) });
  const toolbar = el(
    'div',
    { className: 'toolbar' },
    run('browserDebug.runFullAudit', 'Run full audit', 'checklist'),
    run('browserDebug.runAccessibilityAudit', 'Accessibility', 'accessibility'),
    run('browserDebug.runPerformanceAudit', 'Performance', 'dashboard'),
  );
  if (!state.audit)
    return el(
      'section',
      {},
      toolbar,
      el('p', { className: 'empty', textContent: 'No audit yet: run one on the current page.' }),
    );
  toolbar.append(
    button({ label: 'Open full report', icon: 'go-to-file', onClick: () => post({ type: 'openReport' }) }),
  );
  return el('section', {}, toolbar, auditView(state.audit));
}
