/** An HTTP 4xx/5xx or a request that never got a response: what every face calls a failed request. */
export function isFailedRequest(request: { status?: number; error?: string }): boolean {
  return request.error !== undefined || request.status === undefined || request.status === 0 || request.status >= 400;
}
