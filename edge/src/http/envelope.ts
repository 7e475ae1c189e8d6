import { ApiError } from './errors';

/** Envelope B of the spec: every JSON answer of the edge, success or error. */
export function successBody(data: unknown, requestId: string) {
  return { status: 'success' as const, data, timestamp: new Date().toISOString(), requestId };
}

export function errorBody(error: ApiError, requestId: string) {
  return {
    status: 'error' as const,
    error: { code: error.code, message: error.message, details: error.details },
    timestamp: new Date().toISOString(),
    requestId,
  };
}

/** A complete body with its Content-Length, which daily usage counts as bytes transferred. */
export function textResponse(text: string, status: number, headers: Record<string, string>): Response {
  const bytes = new TextEncoder().encode(text);
  return new Response(bytes, { status, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return textResponse(JSON.stringify(body), status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

export function errorResponse(error: ApiError, requestId: string): Response {
  return jsonResponse(errorBody(error, requestId), error.status, error.headers);
}

/** Unknown failures become INTERNAL_ERROR without leaking internals to the caller. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('INTERNAL_ERROR', 'Internal error. It was logged; please report it with the requestId.');
}
