import { jsLiteral } from './jsLiteral';

/**
 * Recorder selectors (`aria/…`, `text/…`, `xpath/…`, `pierce/…`, CSS; a group descends through shadow
 * roots) as one Playwright locator. CSS and XPath are the most exact, so they go first.
 */
export function playwrightLocator(selectors: unknown, scope: string): string {
  const chosen = chosenLocator(selectors);
  if ('label' in chosen) return `${scope}.getByLabel(${jsLiteral(chosen.label)}, { exact: true })`;
  return `${scope}.locator(${jsLiteral(chosen.selector)})`;
}

/** The string {@link playwrightLocator} writes as a literal for these selectors. */
export function playwrightLocatorValue(selectors: unknown): string {
  const chosen = chosenLocator(selectors);
  return 'label' in chosen ? chosen.label : chosen.selector;
}

function chosenLocator(selectors: unknown): { label: string } | { selector: string } {
  const groups = (Array.isArray(selectors) ? selectors : [])
    .map((group: unknown) => (Array.isArray(group) ? group : [group]).map(String))
    .filter((group) => group.length);
  const ranked = groups
    .map((group) => ({ group, rank: Math.max(...group.map(rankOf)) }))
    .sort((a, b) => a.rank - b.rank);
  const best = ranked[0]?.group;
  if (!best) return { selector: ':root' };
  if (best.length === 1) {
    const aria = ARIA.exec(best[0]!);
    if (aria && !aria[2]) return { label: aria[1]! };
  }
  return { selector: best.map(toPlaywright).join(' >> ') };
}

const ARIA = /^aria\/(.*?)(?:\[role="([^"]+)"\])?$/;

function rankOf(selector: string): number {
  if (selector.startsWith('xpath/')) return 1;
  if (selector.startsWith('text/')) return 2;
  if (selector.startsWith('aria/')) return ARIA.exec(selector)?.[2] ? 3 : 4;
  return 0;
}

function toPlaywright(selector: string): string {
  if (selector.startsWith('xpath/')) return `xpath=${selector.slice(6)}`;
  if (selector.startsWith('pierce/')) return `css=${selector.slice(7)}`;
  if (selector.startsWith('text/')) return `text=${selector.slice(5)}`;
  const aria = ARIA.exec(selector);
  if (aria) return aria[2] ? `role=${aria[2]}[name=${jsLiteral(aria[1])}]` : `internal:label=${jsLiteral(aria[1])}s`;
  return `css=${selector}`;
}
