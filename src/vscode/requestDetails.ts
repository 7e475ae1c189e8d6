import * as vscode from 'vscode';
import type { StoredNetworkRequest } from '../shared/protocol';

export const DETAILS_SCHEME = 'browser-debug-request';

/** A read-only Markdown document per request: headers, timing and bodies when captured. */
export class RequestDetailsProvider implements vscode.TextDocumentContentProvider {
  private readonly requests = new Map<string, StoredNetworkRequest>();

  uriFor(request: StoredNetworkRequest): vscode.Uri {
    this.requests.set(request.id, request);
    if (this.requests.size > 200) this.requests.delete(this.requests.keys().next().value!);
    const name = (new URL(request.url, 'http://x').pathname.split('/').pop() || 'request').replace(/[^\w.-]/g, '_');
    return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${request.id}/${request.method} ${name}.md` });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const request = this.requests.get(uri.path.split('/')[1]!);
    return request ? renderRequest(request) : 'This request is no longer in memory.';
  }
}

export function renderRequest(request: StoredNetworkRequest): string {
  const lines = [`# ${request.method} ${request.url}`, ''];
  lines.push(`- **Status:** ${request.error ?? `${request.status ?? '—'} ${request.statusText ?? ''}`}`);
  lines.push(
    `- **Type:** ${request.resourceType ?? '—'}`,
    `- **Started:** ${new Date(request.timestamp).toISOString()}`,
    `- **Duration:** ${request.duration ?? '—'} ms`,
  );
  if (typeof request.size === 'object')
    lines.push(`- **Size:** request ${request.size.request} B, response ${request.size.response} B`);
  if (request.timing) {
    const t = request.timing;
    lines.push(
      '',
      '## Timing',
      '',
      '| DNS | Connect | Send | Wait | Receive |',
      '|---|---|---|---|---|',
      `| ${t.dns} | ${t.connect} | ${t.send} | ${t.wait} | ${t.receive} |`,
    );
  }
  for (const [title, headers] of [
    ['Request headers', request.requestHeaders],
    ['Response headers', request.responseHeaders],
  ] as const) {
    if (!headers) continue;
    lines.push('', `## ${title}`, '', ...Object.entries(headers).map(([name, value]) => `- \`${name}\`: ${value}`));
  }
  for (const [title, body] of [
    ['Request body', request.requestBody],
    ['Response body', request.responseBody],
  ] as const) {
    if (body !== undefined) lines.push('', `## ${title}`, '', '```', body, '```');
  }
  if (request.requestBody === undefined && request.responseBody === undefined)
    lines.push('', '_Bodies are not captured: turn on "Capture fetch/XHR bodies" in the browser extension popup._');
  return lines.join('\n') + '\n';
}
