import type { PageInfo } from '../../shared/browserCommands';

/** `"Title" http://… (tab 3)` from a command's `{tabId, url, title}` reply. */
export function describeTab(result: PageInfo): string {
  const title = result.title ? `"${result.title}" ` : '';
  const tab = result.tabId !== undefined ? ` (tab ${result.tabId})` : '';
  return `${title}${result.url ?? '(URL unknown)'}${tab}`;
}
