import { fencePage } from '../format/fence';

/** `tab 3` from a command's `{tabId, url, title}` reply: ours, so it may sit in a sentence. */
export function describeTab(result: Record<string, unknown>): string {
  return typeof result.tabId === 'number' ? `tab ${result.tabId}` : 'the tab';
}

/** The reply's `"Title" http://…`: page text, for inside a fence. */
export function tabPageText(result: Record<string, unknown>): string {
  const title = typeof result.title === 'string' && result.title ? `"${result.title}" ` : '';
  return `${title}${typeof result.url === 'string' ? result.url : '(URL unknown)'}`;
}

/** tabPageText in a fence, for the line after the sentence. */
export function tabPage(result: Record<string, unknown>): string {
  return fencePage(tabPageText(result));
}
