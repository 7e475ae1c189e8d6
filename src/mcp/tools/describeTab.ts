import type { PageInfo } from '../../shared/browserCommands';
import { fencePage } from '../format/fence';

/** `tab 3` from a command's `{tabId, url, title}` reply: ours, so it may sit in a sentence. */
export function describeTab(result: PageInfo): string {
  return result.tabId !== undefined ? `tab ${result.tabId}` : 'the tab';
}

/** The reply's `"Title" http://…`: page text, for inside a fence. */
export function tabPageText(result: PageInfo): string {
  const title = result.title ? `"${result.title}" ` : '';
  return `${title}${result.url ?? '(URL unknown)'}`;
}

/** tabPageText in a fence, for the line after the sentence. */
export function tabPage(result: PageInfo): string {
  return fencePage(tabPageText(result));
}
