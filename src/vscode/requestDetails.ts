import * as vscode from 'vscode';
import type { StoredNetworkRequest } from '../shared/protocol';
import type { EntryLocations } from './entryLocations';
import { formatBytes, formatMs } from './units';

export const DETAILS_SCHEME = 'browser-debug-request';

/** A read-only Markdown document per request: headers, timing, initiator and bodies when captured. */
export class RequestDetailsProvider implements vscode.TextDocumentContentProvider {
  private readonly requests = new Map<string, StoredNetworkRequest>();

  constructor(private readonly locations?: EntryLocations) {}

  uriFor(request: StoredNetworkRequest): vscode.Uri {
    this.requests.set(request.id, request);
    if (this.requests.size > 200) this.requests.delete(this.requests.keys().next().value!);
    const name = (new URL(request.url, 'http://x').pathname.split('/').pop() || 'request').replace(/[^\w.-]/g, '_');
    return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${request.id}/${request.method} ${name}.md` });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const request = this.requests.get(uri.path.split('/')[1]!);
    if (!request) return 'This request is no longer in memory.';
    if (request.initiator) await this.locations?.locateInitiators([request.initiator]);
    return renderRequest(request, this.locations?.initiatorLabel(request.initiator));
  }
}

/** Opens the request as a rendered Markdown preview (the source stays one command away). */
export async function showRequestDetails(uri: vscode.Uri): Promise<void> {
  try {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
  } catch {
    // No Markdown preview (the built-in extension turned off): the source is still readable.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  }
}

export function renderRequest(request: StoredNetworkRequest, initiator?: string): string {
  const lines = [`# ${request.method} ${escape(request.url)}`, ''];
  lines.push(`- **Status:** ${escape(request.error ?? `${request.status ?? '—'} ${request.statusText ?? ''}`)}`);
  lines.push(
    `- **Type:** ${request.resourceType ?? '—'}`,
    `- **Started:** ${new Date(request.timestamp).toLocaleString()}`,
    `- **Duration:** ${formatMs(request.duration)}`,
  );
  if (typeof request.size === 'object')
    lines.push(
      `- **Size:** request ${formatBytes(request.size.request)}, response ${formatBytes(request.size.response)}`,
    );
  else if (typeof request.size === 'number') lines.push(`- **Size:** ${formatBytes(request.size)}`);
  if (request.initiator) lines.push(`- **Initiator:** \`${initiator || request.initiator}\``);
  if (request.timing) {
    const t = request.timing;
    lines.push(
      '',
      '## Timing',
      '',
      '| DNS | Connect | Send | Wait | Receive |',
      '|---|---|---|---|---|',
      `| ${[t.dns, t.connect, t.send, t.wait, t.receive].map(formatMs).join(' | ')} |`,
    );
  }
  for (const [title, headers] of [
    ['Request headers', request.requestHeaders],
    ['Response headers', request.responseHeaders],
  ] as const) {
    if (!headers) continue;
    lines.push(
      '',
      `## ${title}`,
      '',
      ...Object.entries(headers).map(([name, value]) => `- \`${name}\`: ${escape(String(value))}`),
    );
  }
  for (const [title, body] of [
    ['Request body', request.requestBody],
    ['Response body', request.responseBody],
  ] as const) {
    if (body !== undefined) lines.push('', `## ${title}`, '', '````text', body, '````');
  }
  if (request.requestBody === undefined && request.responseBody === undefined)
    lines.push('', '_Bodies are not captured: turn on "Capture fetch/XHR bodies" in the browser extension popup._');
  return lines.join('\n') + '\n';
}

/** Page-supplied text must not turn into links, images or HTML in the preview. */
function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#!|]/g, (char) => `\\${char}`);
}
