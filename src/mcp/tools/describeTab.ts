/** `"Title" http://… (tab 3)` from a command's `{tabId, url, title}` reply. */
export function describeTab(result: Record<string, unknown>): string {
  const title = typeof result.title === 'string' && result.title ? `"${result.title}" ` : '';
  const tab = typeof result.tabId === 'number' ? ` (tab ${result.tabId})` : '';
  return `${title}${typeof result.url === 'string' ? result.url : '(URL unknown)'}${tab}`;
}
