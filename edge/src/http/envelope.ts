import { errorBody, successBody as sharedSuccessBody } from '../../../src/shared/envelope';
import { ApiError, RELAYED_STATUS } from '../../../src/shared/errors';

/** The edge answers in envelope B of the spec (src/shared/envelope.ts), success or error. */
export const successBody = (data: unknown, requestId: string) => sharedSuccessBody('B', data, requestId) as object;

/** The status the edge answers with: the shared table's, or a relayed command's bad gateway. */
export const statusOf = (error: ApiError): number => RELAYED_STATUS[error.code] ?? error.status;

/** A complete body with its Content-Length, which daily usage counts as bytes transferred. */
export function textResponse(text: string, status: number, headers: Record<string, string>): Response {
  const bytes = new TextEncoder().encode(text);
  return new Response(bytes, { status, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return textResponse(JSON.stringify(body), status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

export function errorResponse(error: ApiError, requestId: string): Response {
  return jsonResponse(errorBody('B', error, requestId), statusOf(error), error.headers);
}

/** Unknown failures become INTERNAL_ERROR without leaking internals to the caller. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('INTERNAL_ERROR', 'Internal error. It was logged; please report it with the requestId.');
}
