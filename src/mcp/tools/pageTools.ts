import { z } from 'zod';
import type { ConnectorServices } from '../../connector/services';
import type { PageInfo } from '../../shared/browserCommands';
import { meetsLevel } from '../../shared/levels';
import { fencePage } from '../format/fence';
import { vitalsLines } from '../format/performanceText';
import { clock, cut, isoTime, oneLine, pairs, plural } from '../format/text';
import { defineTool, type ToolAnswer, type ToolContext } from '../tool';
import { tabIdParam } from './params';

/** A quick question to the browser should not hold the model for the full command timeout. */
const QUICK_MS = 5000;

function describePage(page: PageInfo): string {
  return `${page.title ? `"${page.title}" ` : ''}${page.url ?? '(URL unknown)'}${page.tabId !== undefined ? ` (tab ${page.tabId})` : ''}`;
}

/** What this page load produced so far, so the model knows whether to look at logs or requests. */
function pageLoadSummary(services: ConnectorServices, pageLoadId: string): string {
  let errors = 0;
  let warnings = 0;
  // Limit 0: the match function only counts, nothing is collected.
  services.store.query(
    ['consoleLogs', 'consoleErrors'],
    (entry) => {
      if (entry.pageLoadId !== pageLoadId) return false;
      const level = entry.type === 'console-error' ? 'error' : entry.level;
      if (level === 'error') errors++;
      else if (meetsLevel(level, 'warn')) warnings++;
      return false;
    },
    0,
  );
  const requests = services.store.query(
    ['networkSuccess', 'networkErrors'],
    (request) => request.pageLoadId === pageLoadId,
    0,
  ).matched;
  const failed = services.store.query(['networkErrors'], (request) => request.pageLoadId === pageLoadId, 0).matched;
  return `This page load so far: ${plural(errors, 'console error')}, ${plural(warnings, 'warning')}, ${plural(failed, 'failed request')} of ${plural(requests, 'request')}.`;
}

const currentPageSchema = z.strictObject({ tabId: tabIdParam });

/** The browser's live answer when it can give one, else the last page it reported, with a note why. */
async function askPage(
  services: ConnectorServices,
  tabId: number | undefined,
): Promise<{ live?: PageInfo; note: string }> {
  const ask = () =>
    services.bridge.command(
      'current-url',
      tabId === undefined ? {} : { tabId },
      Math.min(QUICK_MS, services.config.commandTimeoutMs),
    );
  // With a tabId, or with nothing stored, the browser's own error (e.g. no browser: how to connect one) is the answer.
  if (tabId !== undefined || !services.store.currentPage) return { live: await ask(), note: '' };
  if (!services.bridge.connected) return { note: ' No browser is connected now: this is the last page one reported.' };
  try {
    return { live: await ask(), note: '' };
  } catch (error) {
    return { note: ` The browser did not answer (${(error as Error).message}), so this is the last page it reported.` };
  }
}

/** The tab select_tab picked names the current page until it closes; then the extension's own choice does. */
async function askTargetPage(
  services: ConnectorServices,
  tabId: number | undefined,
): Promise<{ live?: PageInfo; note: string; selected: boolean }> {
  const selected = tabId === undefined ? services.selectedTab.id : undefined;
  if (selected === undefined) return { ...(await askPage(services, tabId)), selected: false };
  try {
    return { ...(await askPage(services, selected)), selected: true };
  } catch {
    services.selectedTab.forget(selected);
    return { ...(await askPage(services, undefined)), selected: false };
  }
}

async function currentPage(
  { tabId }: z.output<typeof currentPageSchema>,
  { services }: ToolContext,
): Promise<ToolAnswer> {
  const { live, note, selected } = await askTargetPage(services, tabId);
  // The page load of the tab shown (an agent's own tab), so its counts and vitals are never another tab's.
  const tab = live?.tabId ?? tabId ?? services.selectedTab.id;
  const stored = tab !== undefined ? services.store.pageOf(tab) : services.store.currentPage;
  const shown = live?.url ? live : { url: stored?.url, title: stored?.title, tabId: stored?.tabId ?? tab };
  const lines = [
    `Current page${selected ? ', the tab select_tab picked' : ''}:${note}`,
    fencePage(describePage(shown)),
  ];
  if (stored && shown.url === stored.url) {
    lines.push(
      `Reported at ${isoTime(stored.updatedAt)} (${stored.source ?? 'navigation'}), page load ${stored.pageLoadId}.`,
      pageLoadSummary(services, stored.pageLoadId),
    );
    const vitals = services.webVitals.get(stored.pageLoadId);
    lines.push(
      ...(vitals
        ? ['Web Vitals of this page load:', fencePage(vitalsLines(vitals))]
        : ['Web Vitals: none reported yet for this page load.']),
    );
  }
  return { text: lines.join('\n') };
}

const getCurrentPage = defineTool({
  name: 'get_current_page',
  title: 'Current page',
  description:
    'The shown page (URL, title, tab), its console errors, warnings and failed requests since load, and its Web Vitals (LCP, CLS, INP, FCP, TTFB) with ratings.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: currentPageSchema,
  handler: currentPage,
});

/** The extension answers `{tabs: [{id, url, title, active, windowId, inScope, locked}]}`. */
async function listTabs(_args: object, { services }: ToolContext): Promise<ToolAnswer> {
  const { tabs } = await services.bridge.command('tabs', {}, Math.min(QUICK_MS, services.config.commandTimeoutMs));
  if (tabs.length === 0)
    return {
      text: 'The browser reports no tabs the extension can reach. Open your app in a tab (localhost pages are in scope by default), or add its origin in the extension options.',
    };
  const lines = tabs.map((tab) => {
    const flags = [tab.active && 'active', tab.locked && 'locked', tab.inScope === false && 'out of scope'].filter(
      Boolean,
    );
    return `tab ${tab.id}${flags.length ? ` [${flags.join(', ')}]` : ''} ${tab.title ? `"${cut(oneLine(tab.title), 120)}" ` : ''}${cut(tab.url, 300)}`;
  });
  return {
    text: [`${plural(tabs.length, 'tab')} (pass tabId to the command tools to pick one):`, fencePage(lines)].join('\n'),
  };
}

const listTabsTool = defineTool({
  name: 'list_tabs',
  title: 'List tabs',
  description: 'The browser tabs commands can target, with ids, titles and URLs, and which is active or locked.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({}),
  handler: listTabs,
});

const navigateSchema = z.strictObject({
  url: z.url().describe('e.g. http://localhost:5173/'),
  waitUntil: z.enum(['load', 'domcontentloaded']).default('load').describe('Answer after this event'),
  tabId: tabIdParam,
});

async function navigate(args: z.output<typeof navigateSchema>, { services }: ToolContext): Promise<ToolAnswer> {
  const { url, waitUntil, tabId } = args;
  const result = await services.bridge.command(
    'navigate',
    { url, waitUntil, ...(tabId === undefined ? {} : { tabId }) },
    services.config.commandTimeoutMs,
  );
  const page = { url: result.url ?? url, title: result.title, tabId: result.tabId ?? tabId };
  return {
    text: `Navigated; the page reached "${waitUntil}":\n${fencePage(describePage(page))}`,
  };
}

const navigateTool = defineTool({
  name: 'navigate_to_url',
  title: 'Navigate',
  description: 'Loads a URL in the tab and waits for load or domcontentloaded.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  schema: navigateSchema,
  handler: navigate,
});

function selectedElement(_args: object, { services, budget }: ToolContext): ToolAnswer {
  const latest = services.store.latest('selectedElements');
  if (!latest)
    return {
      text: 'No element selected yet. In Chrome DevTools, open the Elements panel and select an element; the Browser Debug extension reports it.',
    };
  const { element } = latest;
  const open = `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''}${element.className ? ` class="${element.className}"` : ''}>`;
  const { width, height, top, left } = element.dimensions;
  const lines = [
    `Element ${open}${latest.url ? ` on ${latest.url}` : ''}`,
    element.selector ? `Selector: ${element.selector}` : undefined,
    `Box: ${Math.round(width)}×${Math.round(height)} px at left ${Math.round(left)}, top ${Math.round(top)}`,
    Object.keys(element.attributes).length ? `Attributes: ${pairs(element.attributes)}` : 'Attributes: none',
    `Text: ${cut(oneLine(element.textContent.trim()), 2000)}`,
    'Inner HTML:',
  ].filter((text): text is string => text !== undefined);
  const room = Math.max(500, budget - lines.join('\n').length - 250);
  const page = fencePage([...lines, cut(element.innerHTML, room)]);
  return { text: `Selected element, selected at ${clock(latest.timestamp)} UTC:\n${page}` };
}

const getSelectedElement = defineTool({
  name: 'get_selected_element',
  title: 'Selected element',
  description:
    "The element selected in DevTools' Elements panel: tag, id, classes, selector, box, attributes, text and inner HTML.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({}),
  handler: selectedElement,
});

export const pageTools = [getCurrentPage, listTabsTool, navigateTool, getSelectedElement];
