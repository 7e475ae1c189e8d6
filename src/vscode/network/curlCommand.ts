import { HTTPSnippet, type HarRequest } from 'httpsnippet';
import { harRequest } from '../../connector/har/harLog';
import type { StoredNetworkRequest } from '../../shared/protocol';

/**
 * The request as a `curl` command, written by httpsnippet from its HAR form (no editor needed). HTTP/2
 * pseudo-headers (`:authority`) are left out: curl writes them itself. Redacted values stay redacted.
 */
export function curlCommand(request: StoredNetworkRequest): string {
  const har = harRequest(request);
  const headers = har.headers.filter((header) => !header.name.startsWith(':'));
  const input: HarRequest = { ...har, headers, httpVersion: 'HTTP/1.1', postData: har.postData ?? { mimeType: '' } };
  const output = new HTTPSnippet(input).convert('shell', 'curl');
  return (Array.isArray(output) ? output[0] : output) || `curl '${request.url}'`;
}
